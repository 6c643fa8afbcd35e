import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; smaller ones gain less than the headers cost. */
const TEXT = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, once at build
 * time at the highest levels, for the gateway to send to browsers that take them (its static serving
 * has `preCompressed`): nothing is compressed per request (issue 27: Lighthouse's text compression).
 */
export function precompress(): Plugin {
  return {
    name: 'mfd-precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => TEXT.test(file))
          .map(async (file) => {
            const path = join(dir, file);
            const bytes = await readFile(path);
            if (bytes.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzipAsync(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}
