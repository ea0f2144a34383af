import { createRequire } from 'node:module';
import type { Country } from '@ninety/contract';
import countries from 'i18n-iso-countries';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/zh.json'));
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

/** Names as learners in mainland China expect to read them in a dial-code list. */
const chineseNames: Record<string, string> = {
  HK: '中国香港',
  MO: '中国澳门',
  TW: '中国台湾',
  AC: '阿森松岛',
  TA: '特里斯坦-达库尼亚',
};
const englishNames: Record<string, string> = { AC: 'Ascension Island', TA: 'Tristan da Cunha' };

/** China first, then Hong Kong, Macao, Taiwan, then the rest in pinyin order (spec §3). */
const leading = ['CN', 'HK', 'MO', 'TW'];

function buildList(): Country[] {
  const collator = new Intl.Collator('zh-CN');
  const all = getCountries().map((code) => ({
    code,
    name: chineseNames[code] ?? countries.getName(code, 'zh') ?? code,
    nameEn: englishNames[code] ?? countries.getName(code, 'en') ?? code,
    phonecode: getCountryCallingCode(code),
  }));
  const first = leading
    .map((code) => all.find((country) => country.code === code))
    .filter((c) => c !== undefined);
  const rest = all
    .filter((country) => !leading.includes(country.code))
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...first, ...rest];
}

let cached: Country[] | undefined;

export function countryList(): Country[] {
  cached ??= buildList();
  return cached;
}
