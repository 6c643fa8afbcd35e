// Bundles one service (the current directory) into dist/server.js: our TypeScript and the
// workspace libs are compiled in; every npm package stays an import resolved at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  jsx: 'automatic',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@mfd/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
