/**
 * CSV per RFC 4180: fields with a comma, quote, CR or LF are quoted, quotes doubled, lines end
 * in CRLF. A cell that a spreadsheet would read as a formula (=, +, -, @, tab, CR, and `;`,
 * the cell separator where the decimal mark is a comma) gets a leading apostrophe, so an
 * exported name like `=HYPERLINK(...)` stays text (OWASP CSV injection); a field holding `;` is
 * quoted too, so such a spreadsheet keeps it one cell.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r;]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
