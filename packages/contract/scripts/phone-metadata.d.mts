export function subsetPhoneMetadata(): { metadata: unknown; examples: Record<string, string> };
