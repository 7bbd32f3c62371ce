/** Every dialog of the screen titles itself like the page's headings. */
export const MODAL_STYLES = { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } } as const;
