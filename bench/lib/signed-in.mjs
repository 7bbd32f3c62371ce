// What the web app keeps in localStorage once someone has signed in (apps/web/src/lib/session.ts
// and storage.ts): loading a page with these set is a signed-in first visit.
import { phoneNumber, sessionToken, userId } from './identities.mjs';

export function signedInStorage(i = 0) {
  const id = userId(i);
  return {
    session: JSON.stringify({
      account_id: id,
      sessionToken: sessionToken(i),
      loginTime: new Date().toISOString(),
      provider: 'phone',
    }),
    user: JSON.stringify({
      id,
      account_id: id,
      email: `${phoneNumber(i).slice(1)}@phone.bench`,
      name: `Bench User ${i}`,
      provider: 'phone',
      phoneNumber: phoneNumber(i),
      createdAt: new Date().toISOString(),
    }),
  };
}
