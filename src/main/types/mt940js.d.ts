/** mt940js 1.3 ships no types; the part Kalla uses (see node_modules/mt940js/README.md). */
declare module 'mt940js' {
  export class Parser {
    constructor(opts?: { no86Structure?: boolean });
    parse(data: string, withTags?: boolean): unknown[];
  }
}
