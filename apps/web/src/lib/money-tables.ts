/**
 * How a locale writes an amount of one currency (money-formats.ts, generated from CLDR): what comes before and after
 * the number, the group and decimal separators, whether four-digit amounts are grouped (1) or not (2), the digits.
 */
export interface MoneyTable {
  prefix: string;
  suffix: string;
  group: string;
  decimal: string;
  minimumGrouping: 1 | 2;
  digits: string;
}
