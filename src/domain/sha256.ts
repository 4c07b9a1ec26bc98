/**
 * SHA-256 of a text's UTF-8 bytes, as lower-case hex, in the browser and on the server alike
 * (@noble/hashes): the browser's `crypto.subtle` exists only on secure pages (https, localhost)
 * and answers asynchronously, and the sandbox's card fields must work on a plain-http demo host
 * too. Not for secrets.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));
