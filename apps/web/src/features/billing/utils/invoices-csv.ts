import type { TInvoice } from '@app/contract/billing/get-billing-info';

export interface CsvHeadings {
  id: string;
  date: string;
  description: string;
  amount: string;
  status: string;
}

/** RFC 4180: quote every field, double the quotes inside; a leading =+-@ is defused for spreadsheets. */
function field(value: string): string {
  const formula = /^[=+\-@\t\r]/.test(value) && Number.isNaN(Number(value));
  const safe = formula ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** 'Download All': one row per invoice, dates as YYYY-MM-DD, amounts in dollars with cents. */
export function invoicesCsv(invoices: readonly TInvoice[], headings: CsvHeadings): string {
  const rows = [
    [headings.id, headings.date, headings.description, headings.amount, headings.status],
    ...invoices.map((invoice) => [
      invoice.id,
      invoice.date.slice(0, 10),
      invoice.description,
      invoice.amount.toFixed(2),
      invoice.status,
    ]),
  ];
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a file; the object URL is freed once the click has run. */
export function saveTextFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
