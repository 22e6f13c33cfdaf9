/**
 * SQL macros for reading finance-style text values. Defined as DuckDB macros
 * so type detection, the typed views and the profile all share one definition.
 *
 * kalla_num_clean: drops currency symbols/codes and spaces (incl. NBSP and
 *   narrow NBSP used as thousands separators) and Swiss apostrophes (' and ’), when they
 *   separate groups of three digits (kalla_num_ungroup):
 *   "EUR 1.234,56" → "1.234,56", "1 234,56 €" → "1234,56", "$1,200.00" → "1,200.00",
 *   "1'234.50" → "1234.50"; the Unicode minus "−999.00" → "-999.00"; a dash alone
 *   ("-", "–", "—", how accounting exports write zero) → "0".
 * kalla_num_sci: scientific notation as spreadsheets export it ("1.23456E+3").
 * kalla_num_shape_ok: the cleaned text is [sign] digits/separators, with a
 *   leading "-"/"+", enclosing parentheses or a trailing "-".
 * kalla_num_body: the digits-and-separators part.
 * kalla_num_neg: negative by "-x", "(x)" or "x-".
 * kalla_num_us / kalla_num_eu: body is valid with "," / "." as thousands; US also reads
 *   Indian grouping ("12,34,567.89": groups of two before the last three).
 * kalla_named_date: a date whose month is written as a word ("01-SEP-2026", "1-Apr-26",
 *   "1. Okt. 2026", "Sep 1, 2026", "01SEP26") as "yyyy-mm-dd" (and " hh:mm[:ss]" when it has a
 *   time); NULL when the word names no month (kalla_month_of).
 */
import type { Db } from './db';

/** ISO codes recognised around amounts; a fixed list so references like "INV-1" never read as numbers. */
const CURRENCY_CODES =
  'EUR|USD|GBP|CHF|JPY|CAD|AUD|NZD|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BGN|UAH|CNY|HKD|TWD|SGD|INR|ZAR|KES|NGN|EGP|MAD|BRL|MXN|ARS|CLP|COP|PEN|TRY|AED|SAR|QAR|KWD|BHD|OMR|ILS|KRW|THB|IDR|MYR|PHP|VND';

/**
 * A currency sign with the letters that name whose dollar (or krone, or real) it is, on either side:
 * "$", "US$", "$US", "$ US" (how French-Canadian ledgers print US dollars), "CA$", "C$", "R$", "S$",
 * "₹", "₺". Any Unicode currency symbol (\p{Sc}), so the list of markets does not decide.
 */
const CURRENCY_SIGN = String.raw`([A-Z]{1,3}[\s\x{00A0}]?)?\p{Sc}([\s\x{00A0}]?[A-Z]{1,3}\b)?`;
/** Currencies written as a short word, apart from the digits by a space: "12,00 zł", "1 234 Kč", "kr 99". */
export const CURRENCY_WORDS = 'zł|zl|Kč|Kc|Ft|kr\\.?|Kr\\.?|lei|лв\\.?|Rs\\.?|Dhs|RM|Rp|SFr\\.?|Fr\\.';

/**
 * Month names and their abbreviations as finance exports write them (English, German, French,
 * Spanish, Italian, Portuguese, Dutch, Indonesian), lower case, without accents or a final dot:
 * Oracle and Tally write 01-SEP-2026, SAP and German banks 1. Okt. 2026, Spanish ones 01-ene-2026.
 * Where two languages share an abbreviation they mean the same month ("mar", "jun", "set").
 */
const MONTH_NAMES: string[][] = [
  ['jan', 'january', 'januar', 'januari', 'janv', 'janvier', 'janeiro', 'ene', 'enero', 'gen', 'gennaio'],
  ['feb', 'february', 'februar', 'februari', 'fev', 'fevr', 'fevrier', 'fevereiro', 'febrero', 'febbraio'],
  ['mar', 'march', 'marz', 'maerz', 'mrz', 'mars', 'marzo', 'marco', 'maart', 'mrt'],
  ['apr', 'april', 'avr', 'avril', 'abr', 'abril', 'aprile'],
  ['may', 'mai', 'mayo', 'mag', 'maggio', 'maio', 'mei'],
  ['jun', 'june', 'juni', 'juin', 'junio', 'giu', 'giugno', 'junho'],
  ['jul', 'july', 'juli', 'juil', 'juillet', 'julio', 'lug', 'luglio', 'julho'],
  ['aug', 'august', 'augustus', 'aout', 'ago', 'agosto', 'agu', 'agt', 'ags', 'agustus'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre', 'set', 'setiembre', 'settembre', 'setembro'],
  ['oct', 'october', 'okt', 'oktober', 'octobre', 'octubre', 'ott', 'ottobre', 'out', 'outubro'],
  ['nov', 'november', 'novembre', 'noviembre', 'novembro'],
  ['dec', 'december', 'dez', 'dezember', 'decembre', 'dic', 'diciembre', 'dicembre', 'dezembro', 'des', 'desember'],
];
const MONTH_WORDS = MONTH_NAMES.flat();
const MONTH_NUMBERS = MONTH_NAMES.flatMap((names, i) => names.map(() => i + 1));
/** Day, month word, year (two or four digits), an optional time: 01-SEP-2026, 1. Okt. 2026, 01SEP26 10:15. Groups: day, word, year, time. */
const dmy = (word: string) => String.raw`(\d{1,2})\.?[-/ ]?${word}\.?[-/ ,]*(\d{4}|\d{2})( \d{1,2}:\d{2}(?::\d{2})?)?`;
/** Month word, day, year: Sep 1, 2026; September 01 2026; Sep-01-2026. Groups: word, day, year, time. */
const mdy = (word: string) => String.raw`${word}\.?[-/ ]?(\d{1,2})(?:st|nd|rd|th)?,?[-/ ]+(\d{4}|\d{2})( \d{1,2}:\d{2}(?::\d{2})?)?`;
/** What the reading macro matches: any word in the month's place, looked up by kalla_month_of. */
const ANY_WORD = String.raw`(\pL{3,10})`;
const NAMED_DMY = `^${dmy(ANY_WORD)}$`;
const NAMED_MDY = `^${mdy(ANY_WORD)}$`;

/**
 * The shape of such a date, with the month words spelled out, over a value folded to lower case
 * without accents: what type detection counts (a regular expression per value; the macro's
 * extraction and look-up in every column's aggregate made the detection statement slow to plan).
 */
const MONTH_WORD = `(${[...MONTH_WORDS].sort((a, b) => b.length - a.length).join('|')})`;
export const NAMED_DATE_SHAPE = `${dmy(MONTH_WORD)}|${mdy(MONTH_WORD)}`;

export const MACROS_SQL = String.raw`
-- Spaces and apostrophes are thousands separators only between groups of three digits: "1 234,56",
-- "1'234.50". Digits spaced otherwise are a reference printed in blocks ("00 00010 00101 00000
-- 00011 70037", a Swiss QR reference; "12 34" is two numbers): left as they are, so not a number.
-- The value is bound to a lambda's parameter: macros expand as text, and a copy of the argument per
-- use multiplies its regular expressions in every parse.
CREATE OR REPLACE MACRO kalla_num_ungroup(x) AS list_transform([x], c -> CASE
  WHEN NOT regexp_matches(c, '[0-9][\s\x{00A0}\x{202F}''\x{2019}]+[0-9]')
    OR regexp_full_match(trim(c), '[-+(−]?\s*[0-9]{1,3}([\s\x{00A0}\x{202F}''\x{2019}][0-9]{3})+([.,][0-9]+)?\s*[)-]?')
  THEN regexp_replace(c, '[\s\x{00A0}\x{202F}''\x{2019}]', '', 'g') ELSE c END)[1];
CREATE OR REPLACE MACRO kalla_num_clean_plain(v) AS (
  CASE WHEN trim(v) IN ('-', '–', '—') THEN '0' ELSE
  replace(kalla_num_ungroup(
    regexp_replace(trim(v), '^(${CURRENCY_CODES})[\s\x{00A0}]*|[\s\x{00A0}]*(${CURRENCY_CODES})$|^(${CURRENCY_WORDS})[\s\x{00A0}]+|[\s\x{00A0}]+(${CURRENCY_WORDS})$|${CURRENCY_SIGN}', '', 'g')), '−', '-') END);
-- A trailing DR/CR marker is the amount's direction, as Indian and Australian ledgers and bank
-- statements print it ("17,02,809.77 Dr"), and so is Turkish (B)/(A), borç/alacak, as Logo, Mikro
-- and Netsis print balances ("82.910,44 (B)"): debit reads negative, credit positive, the bank's own
-- convention (money in positive). A ledger printed the other way round (invoices as Dr) then has
-- the opposite sign to the statement throughout, which the rule learning already detects (flip_sign).
-- One kalla_num_clean_plain per use (not one per branch): macros expand as text, and every copy
-- of its patterns is compiled when a statement is planned (a 5,000-column load, issue 27).
CREATE OR REPLACE MACRO kalla_num_clean(v) AS (
  (CASE WHEN regexp_full_match(trim(v), '(?i).*[0-9)][\s\x{00A0}]*([cd]r\.?|\([ba]\))') AND regexp_matches(lower(trim(v)), '(dr\.?|\(b\))$') THEN '-' ELSE '' END)
  || kalla_num_clean_plain(CASE WHEN regexp_full_match(trim(v), '(?i).*[0-9)][\s\x{00A0}]*([cd]r\.?|\([ba]\))')
                           THEN regexp_replace(trim(v), '(?i)[\s\x{00A0}]*([cd]r\.?|\([ba]\))$', '') ELSE v END));
CREATE OR REPLACE MACRO kalla_num_sci(c) AS regexp_full_match(c, '[-+]?[0-9]+([.,][0-9]+)?[eE][-+]?[0-9]{1,2}');
CREATE OR REPLACE MACRO kalla_num_shape_ok(c) AS
  (regexp_full_match(c, '\([0-9][0-9.,]*\)|[-+]?[0-9][0-9.,]*|[0-9][0-9.,]*-') OR kalla_num_sci(c));
-- A number in scientific notation has no grouping: its body "0" reads the same in both styles.
CREATE OR REPLACE MACRO kalla_num_body(c) AS (CASE WHEN kalla_num_sci(c) THEN '0' ELSE regexp_extract(c, '[0-9][0-9.,]*') END);
CREATE OR REPLACE MACRO kalla_num_neg(c) AS (starts_with(c, '-') OR starts_with(c, '(') OR ends_with(c, '-'));
-- A first group of "0" is never a thousands group: "0.500" is a half, "0,500" too.
CREATE OR REPLACE MACRO kalla_num_us(b) AS regexp_full_match(b, '([1-9]\d{0,2}(,\d{3})+|[1-9]\d?(,\d{2})+,\d{3}|\d+)(\.\d+)?');
CREATE OR REPLACE MACRO kalla_num_eu(b) AS regexp_full_match(b, '([1-9]\d{0,2}(\.\d{3})+|\d+)(,\d+)?');
-- Fast path first: plain "-1234.56" / "-1234,56" needs no cleaning (the common case in exports).
-- The rest is cleaned once, bound to a lambda's parameter: written out in each branch (as before),
-- the cleaning expanded ~12 times per column, and planning a 5,000-column typed table took minutes.
CREATE OR REPLACE MACRO kalla_parse_us(v) AS (
  CASE WHEN regexp_full_match(v, '-?[0-9]+(\.[0-9]+)?') THEN try_cast(v AS DECIMAL(18, 6))
  WHEN regexp_full_match(v, '-?[1-9][0-9]{0,2}(,[0-9]{3})+(\.[0-9]+)?') THEN try_cast(replace(v, ',', '') AS DECIMAL(18, 6))
  ELSE list_transform([kalla_num_clean(v)], c -> CASE
    WHEN kalla_num_sci(c) THEN try_cast(c AS DECIMAL(18, 6))
    WHEN kalla_num_shape_ok(c) AND kalla_num_us(kalla_num_body(c))
    THEN (CASE WHEN kalla_num_neg(c) THEN -1 ELSE 1 END) * try_cast(replace(kalla_num_body(c), ',', '') AS DECIMAL(18, 6)) END)[1] END);
CREATE OR REPLACE MACRO kalla_parse_eu(v) AS (
  CASE WHEN regexp_full_match(v, '-?[0-9]+(,[0-9]+)?') THEN try_cast(replace(v, ',', '.') AS DECIMAL(18, 6))
  WHEN regexp_full_match(v, '-?[1-9][0-9]{0,2}(\.[0-9]{3})+(,[0-9]+)?') THEN try_cast(replace(replace(v, '.', ''), ',', '.') AS DECIMAL(18, 6))
  ELSE list_transform([kalla_num_clean(v)], c -> CASE
    WHEN kalla_num_sci(c) THEN try_cast(replace(c, ',', '.') AS DECIMAL(18, 6))
    WHEN kalla_num_shape_ok(c) AND kalla_num_eu(kalla_num_body(c))
    THEN (CASE WHEN kalla_num_neg(c) THEN -1 ELSE 1 END) * try_cast(replace(replace(kalla_num_body(c), '.', ''), ',', '.') AS DECIMAL(18, 6)) END)[1] END);
CREATE OR REPLACE MACRO kalla_month_of(w) AS [${MONTH_NUMBERS.join(', ')}][list_position([${MONTH_WORDS.map((w) => `'${w}'`).join(', ')}], rtrim(strip_accents(lower(w)), '.'))];
-- Two-digit years as strptime's %y reads them: 00–68 are 20xx, 69–99 19xx.
CREATE OR REPLACE MACRO kalla_named_ymd(y, m, d, t) AS CASE WHEN m IS NOT NULL THEN
  printf('%04d-%02d-%02d', CASE WHEN length(y) = 2 THEN CASE WHEN y::INTEGER < 69 THEN 2000 ELSE 1900 END + y::INTEGER ELSE y::INTEGER END, m, d::INTEGER) || t END;
CREATE OR REPLACE MACRO kalla_named_date(v) AS list_transform([v], x -> CASE
  WHEN regexp_full_match(x, '${NAMED_DMY}') THEN kalla_named_ymd(regexp_extract(x, '${NAMED_DMY}', 3), kalla_month_of(regexp_extract(x, '${NAMED_DMY}', 2)), regexp_extract(x, '${NAMED_DMY}', 1), regexp_extract(x, '${NAMED_DMY}', 4))
  WHEN regexp_full_match(x, '${NAMED_MDY}') THEN kalla_named_ymd(regexp_extract(x, '${NAMED_MDY}', 3), kalla_month_of(regexp_extract(x, '${NAMED_MDY}', 1)), regexp_extract(x, '${NAMED_MDY}', 2), regexp_extract(x, '${NAMED_MDY}', 4)) END)[1];
CREATE OR REPLACE MACRO kalla_tokens(s) AS list_distinct(list_filter(string_split_regex(lower(coalesce(s, '')), '[^a-z0-9]+'), x -> x <> ''));
CREATE OR REPLACE MACRO kalla_jaccard(a, b) AS (
  CASE WHEN len(kalla_tokens(a)) + len(kalla_tokens(b)) = 0 THEN 1.0
  ELSE len(list_intersect(kalla_tokens(a), kalla_tokens(b)))::DOUBLE
       / (len(kalla_tokens(a)) + len(kalla_tokens(b)) - len(list_intersect(kalla_tokens(a), kalla_tokens(b)))) END);
`;

export async function installMacros(db: Db): Promise<void> {
  await db.exec(MACROS_SQL);
}
