/** punycode.js (the npm package, not Node's deprecated built-in `punycode`) ships no types. */
declare module 'punycode.js' {
  export function toASCII(domain: string): string;
  export function toUnicode(domain: string): string;
}
