import type { YAMLError } from 'yaml';

/**
 * Plain-English versions of the `yaml` parser's messages for the mistakes people make when
 * editing YAML by hand. Anything not listed keeps the parser's own words.
 */
const friendly: [code: string, match: RegExp, message: string][] = [
  [
    'BLOCK_AS_IMPLICIT_KEY',
    /compact mappings/,
    "this value contains ': ', which YAML reads as the start of a new key. Put the whole value in quotes.",
  ],
  [
    'BLOCK_AS_IMPLICIT_KEY',
    /block sequence/,
    "a list item ('- ...') is mixed with 'key: value' lines at the same indentation. Check the indentation.",
  ],
  [
    'MULTILINE_IMPLICIT_KEY',
    /./,
    "this line is not a 'key: value' line. Add ': ' after the key (with a space after the colon), or check the indentation.",
  ],
  ['MISSING_CHAR', /closing "quote|closing 'quote/, 'this quote is never closed. Add the closing quote at the end of the text.'],
  ['MISSING_CHAR', /without - indicator/, 'this line is not lined up with the lines above it. Check the indentation.'],
  ['MISSING_CHAR', /followed by map values/, "a key here has no ':' after it."],
  ['BAD_INDENT', /same column/, 'this line is not lined up with the keys above it. Check the indentation.'],
  ['BAD_INDENT', /Flow sequence/, "this list is opened with '[' but not closed with ']'. Add the ']' at the end of the line."],
  ['BAD_INDENT', /Flow mapping/, "this group is opened with '{' but not closed with '}'. Add the '}' at the end of the line."],
  ['TAB_AS_INDENT', /./, 'indent with spaces, not tabs.'],
  ['MULTIPLE_DOCS', /./, "this file holds more than one YAML document ('---'). Keep one document per file."],
  [
    'BAD_DQ_ESCAPE',
    /./,
    "a backslash in a double-quoted text starts an escape sequence. Use single quotes instead, or write '\\\\' for a backslash.",
  ],
  [
    'UNEXPECTED_TOKEN',
    /flow-map-start at node end/,
    "a '{' inside a value: inside '[...]' or '{...}', a value with '{' (like a template's ${id}) must be in quotes: '/${id}-payment'.",
  ],
  ['BAD_SCALAR_START', /./, 'a plain value cannot start with this character. Put the value in quotes.'],
];

export function yamlErrorMessage(error: YAMLError): string {
  const own = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const found = friendly.find(([code, match]) => code === error.code && match.test(own));
  if (found) return `YAML syntax error: ${found[2]}`;
  return `YAML syntax error: ${own.replace(/[.:]?$/, '.')}`;
}
