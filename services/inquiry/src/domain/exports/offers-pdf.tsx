import { Document, Font, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import Big from 'big.js';
import type { OffersComparison } from './offers-comparison';
import type { CellValue, ColumnKind } from './sheet';

// Names and references are not hyphenated like English words: only a word too long for its cell breaks.
Font.registerHyphenationCallback((word) => [word]);

const styles = StyleSheet.create({
  page: { padding: 28, fontSize: 7, fontFamily: 'Helvetica' },
  title: { fontSize: 13, fontFamily: 'Helvetica-Bold', marginBottom: 6 },
  blockLine: { flexDirection: 'row', marginBottom: 2, fontSize: 8 },
  blockLabel: { width: 90, fontFamily: 'Helvetica-Bold' },
  table: { marginTop: 10, borderTopWidth: 0.5, borderLeftWidth: 0.5, borderColor: '#888' },
  row: { flexDirection: 'row' },
  header: { backgroundColor: '#e9ecef', fontFamily: 'Helvetica-Bold' },
  cell: { padding: 3, borderRightWidth: 0.5, borderBottomWidth: 0.5, borderColor: '#888' },
  number: { textAlign: 'right' },
});

/** "1234567.5" -> "1,234,567.50": money as the table shows it, from its exact decimal text. */
export function moneyText(value: string | number): string {
  const [whole, cents] = new Big(value).toFixed(2, Big.roundHalfUp).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

function cellText(kind: ColumnKind, value: CellValue): string {
  if (value === null || value === '') return '—';
  return kind === 'money' ? moneyText(value) : String(value);
}

/**
 * The comparison as a PDF for a customer or a colleague: the same title block and table as the
 * workbook, on landscape pages (the header row repeats on each), names as plain text.
 */
export async function offersPdf(comparison: OffersComparison): Promise<Buffer> {
  const { block, columns, rows } = comparison;
  const [title, ...details] = block;
  const widths = columns.map((c) => c.width ?? (c.kind === 'text' ? 24 : 16));
  const total = widths.reduce((a, b) => a + b, 0);
  const cellStyle = (i: number) => [
    styles.cell,
    { width: `${(widths[i]! / total) * 100}%` },
    ...(columns[i]!.kind === 'text' ? [] : [styles.number]),
  ];
  const document = (
    <Document
      title={title ? `${title[0]}: ${title[1]}` : 'Offers compared'}
      creator="Marine Fuel Distribution"
    >
      <Page size="A4" orientation="landscape" style={styles.page} wrap>
        {title && <Text style={styles.title}>{`${title[0]}: ${title[1]}`}</Text>}
        {details.map(([label, value]) => (
          <View key={label} style={styles.blockLine}>
            <Text style={styles.blockLabel}>{label}</Text>
            <Text>{value}</Text>
          </View>
        ))}
        <View style={styles.table}>
          <View style={[styles.row, styles.header]} fixed>
            {columns.map((c, i) => (
              <Text key={c.header} style={cellStyle(i)}>
                {c.header}
              </Text>
            ))}
          </View>
          {rows.map((row, r) => (
            <View key={r} style={styles.row} wrap={false}>
              {row.map((value, i) => (
                <Text key={columns[i]!.header} style={cellStyle(i)}>
                  {cellText(columns[i]!.kind, value)}
                </Text>
              ))}
            </View>
          ))}
        </View>
      </Page>
    </Document>
  );
  return renderToBuffer(document);
}
