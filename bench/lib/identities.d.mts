// Types of identities.mjs for the TypeScript benches (bench/simulated-day.ts).
export const MAX_USERS: number;
export function userId(i: number): string;
export function phoneNumber(i: number): string;
export function sessionToken(i: number): string;
export const DAY_USER: number;
export const MONTH_USER: number;
export const YEAR_USER: number;
export const USAGE_DAYS: Record<number, number>;
