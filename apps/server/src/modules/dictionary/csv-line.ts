/**
 * Splits one CSV record (RFC 4180 quoting: fields in double quotes, `""` for a quote). ECDICT writes
 * line breaks inside a field as the two characters `\n`, so every record is one physical line and
 * a look-up can parse just the line it needs.
 */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"') {
        if (line[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char !== '\r') {
      field += char;
    }
  }
  fields.push(field);
  return fields;
}
