export function subsetPhoneMetadata(): unknown;
export function formattedExamples(): Record<string, string>;
