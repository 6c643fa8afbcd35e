import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ConfirmationContent } from './confirmation-content';

const styles = StyleSheet.create({
  page: { padding: 40, fontSize: 10, fontFamily: 'Helvetica', color: '#111827' },
  company: { fontSize: 16, fontFamily: 'Helvetica-Bold' },
  title: { fontSize: 12, marginTop: 4, marginBottom: 12 },
  heading: { fontSize: 11, fontFamily: 'Helvetica-Bold', marginTop: 14, marginBottom: 4 },
  row: { flexDirection: 'row', marginBottom: 2 },
  label: { width: 130, color: '#4b5563' },
  value: { flex: 1 },
  tableHead: { flexDirection: 'row', borderBottom: '1pt solid #9ca3af', paddingBottom: 2, marginBottom: 2 },
  cell: { flex: 1, paddingRight: 4 },
  wide: { flex: 2, paddingRight: 4 },
  bold: { fontFamily: 'Helvetica-Bold' },
  clause: { marginBottom: 6 },
});

/**
 * The standard PDF fonts read Windows-1252 only: a character outside it (the minus of an index
 * formula) would print as nothing, so it is written as its nearest plain form.
 */
const printable = (text: string) => text.replace(/−/g, '-').replace(/×/g, 'x');

function Field({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.row} wrap={false}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{printable(value)}</Text>
    </View>
  );
}

function ConfirmationDocument({ c }: { c: ConfirmationContent }) {
  return (
    <Document title={`${c.reference} ${c.title}`} author={c.company_name} creator="Marine Fuel Distribution">
      <Page size="A4" style={styles.page}>
        <Text style={styles.company}>{printable(c.company_name)}</Text>
        <Text style={styles.title}>{c.title}</Text>
        <Field label="Reference" value={c.reference} />
        <Field label="Buyer" value={c.buyer} />
        <Field label="Seller" value={c.seller} />
        <Field label={c.role} value={c.company_name} />
        <Field label="Vessel" value={c.vessel} />
        <Field label="Port" value={c.port} />
        <Field label="Delivery window" value={c.delivery_window} />
        <Field label="Agent" value={c.agent} />

        <Text style={styles.heading}>Products</Text>
        <View style={styles.tableHead}>
          <Text style={[styles.wide, styles.bold]}>Grade (ISO spec)</Text>
          <Text style={[styles.cell, styles.bold]}>Quantity</Text>
          <Text style={[styles.wide, styles.bold]}>Price</Text>
          <Text style={[styles.cell, styles.bold]}>Delivery</Text>
        </View>
        {c.lines.map((line, i) => (
          <View key={i} style={styles.row} wrap={false}>
            <Text style={styles.wide}>{printable(line.product)}</Text>
            <Text style={styles.cell}>{printable(line.quantity)}</Text>
            <Text style={styles.wide}>{printable(line.price)}</Text>
            <Text style={styles.cell}>{line.delivery_method}</Text>
          </View>
        ))}

        {c.charges.length > 0 && <Text style={styles.heading}>Charges</Text>}
        {c.charges.map((charge, i) => (
          <Field key={i} label={charge.name} value={charge.terms} />
        ))}

        <Text style={styles.heading}>Terms</Text>
        <Field label="Payment terms" value={c.payment_terms} />
        {c.selling_terms && <Field label="Selling terms" value={c.selling_terms} />}

        {c.clauses.length > 0 && <Text style={styles.heading}>Clauses</Text>}
        {c.clauses.map((clause, i) => (
          <View key={i} style={styles.clause}>
            <Text style={styles.bold}>{printable(clause.title)}</Text>
            <Text>{printable(clause.text)}</Text>
          </View>
        ))}

        {c.signature.length > 0 && (
          <View style={{ marginTop: 20 }} wrap={false}>
            {c.signature.map((line, i) => (
              <Text key={i} style={i === 0 ? styles.bold : undefined}>
                {printable(line)}
              </Text>
            ))}
          </View>
        )}
      </Page>
    </Document>
  );
}

/** The confirmation as PDF bytes (its text is drawn, never parsed as markup: user data needs no escaping). */
export function renderConfirmationPdf(content: ConfirmationContent): Promise<Buffer> {
  return renderToBuffer(<ConfirmationDocument c={content} />);
}
