export function subsetPhoneMetadata(): unknown;
export function formattedExamples(): Record<string, string>;
export function mobileMaxLengths(): Record<string, number>;
