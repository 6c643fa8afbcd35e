import { describe, expect, it } from 'vitest';
import { sniffDocumentType } from './document-type';

describe('document type by magic bytes', () => {
  it('when a file starts like a PDF, PNG or JPEG, then that is its type', () => {
    expect(sniffDocumentType(Buffer.from('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(sniffDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
  });

  it('when a file is anything else (even named .pdf), then it has no accepted type', () => {
    expect(sniffDocumentType(Buffer.from('MZ\x90\x00'))).toBeNull();
    expect(sniffDocumentType(Buffer.from('<html>%PDF-'))).toBeNull();
    expect(sniffDocumentType(Buffer.from('%PD'))).toBeNull();
    expect(sniffDocumentType(new Uint8Array())).toBeNull();
  });
});
