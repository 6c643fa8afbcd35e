import type { DocumentType } from '@mfd/contracts';

/** The first bytes of each type we keep: a file's name and declared type are the sender's word, these are the file's. */
const SIGNATURES: { type: DocumentType; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** The document's type by its magic bytes, or null when it is none of PDF, PNG, JPEG. */
export function sniffDocumentType(content: Uint8Array): DocumentType | null {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => content[i] === b))?.type ?? null;
}
