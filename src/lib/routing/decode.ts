/**
 * Decoding what the address holds (path, query, hash). Percent-encoding in an address is whatever
 * the visitor or a link wrote: `#%`, `#%ZZ` and `#%E0%A4%A` (a cut UTF-8 sequence) make
 * decodeURIComponent throw "URI malformed". Every decode of the address goes through here and keeps
 * the raw text when the text does not decode.
 */

/** The decoded text, or the text as it is when it is not valid percent-encoding. */
export function decodeOrKeep(text: string, decode: (text: string) => string = decodeURIComponent): string {
  try {
    return decode(text);
  } catch {
    return text;
  }
}

/**
 * The text as it is when it decodes; otherwise with each `%` written `%25`, so that decoding it
 * gives back the text as written. For the address itself, before the router (whose history
 * decodes the path with decodeURI and throws) and Docusaurus (whose scroll to a hash decodes it
 * with decodeURIComponent and throws) read it.
 */
export function decodable(text: string, decode: (text: string) => string = decodeURIComponent): string {
  try {
    decode(text);
    return text;
  } catch {
    return text.replace(/%/g, '%25');
  }
}
