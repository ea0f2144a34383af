type Kind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'other';

function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'object'
    ? type
    : 'other';
}

/**
 * Whether `value` has the shape of `template` (an item's empty answer): the same keys with values
 * of the same kinds, and arrays of the same length when the template's is not empty (one entry per
 * blank, so a draft for an item whose blanks changed no longer fits). An empty template array takes
 * any array of plain values (the chosen options, the highlighted words). The default check of a
 * restored draft; an item type that knows more passes its own.
 */
export function matchesShape(template: unknown, value: unknown): boolean {
  const kind = kindOf(template);
  if (kind !== kindOf(value)) return false;
  if (kind === 'array') {
    const templateItems = template as unknown[];
    const items = value as unknown[];
    if (templateItems.length === 0) {
      return items.every((item) => ['string', 'number', 'boolean'].includes(kindOf(item)));
    }
    return (
      items.length === templateItems.length &&
      items.every((item, index) => matchesShape(templateItems[index], item))
    );
  }
  if (kind === 'object') {
    const templateRecord = template as Record<string, unknown>;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(templateRecord);
    return (
      Object.keys(record).length === keys.length &&
      keys.every(
        (key) => Object.hasOwn(record, key) && matchesShape(templateRecord[key], record[key]),
      )
    );
  }
  return kind !== 'other';
}
