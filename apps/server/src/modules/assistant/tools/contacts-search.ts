import { searchContacts } from '../../workspace/contacts';
import { defineTool, quoted, remember, type ToolEnv } from './shared';

export const contactsSearch = (env: ToolEnv) =>
  defineTool(env, 'contacts_search', 'Finds people by name, email or phone.', async (input) => {
    const { contacts } = await searchContacts(env.deps.workspace, {
      userId: env.ctx.user.id,
      query: { q: input.query, limit: 10 },
    });
    for (const c of contacts) remember(env.ctx, ...c.emails);
    return quoted({
      contacts: contacts.map(({ name, emails, phones, organization }) => ({
        name,
        emails,
        phones,
        organization,
      })),
    });
  });
