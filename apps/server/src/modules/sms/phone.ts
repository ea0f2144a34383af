import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Whether `phone` is a valid mobile-capable number for the dial code `phonecode`. */
export function isValidPhone(phonecode: string, phone: string): boolean {
  const parsed = parsePhoneNumberFromString(`+${phonecode}${phone}`);
  if (!parsed || !parsed.isValid() || parsed.countryCallingCode !== phonecode) return false;
  const type = parsed.getType();
  // Codes go by SMS: landlines cannot receive them. Some regions do not tell the two apart.
  return type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}
