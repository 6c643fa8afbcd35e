import { parser } from '@prometheus-io/lezer-promql';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import { registerQueueMetrics } from '@mfd/queue';
import {
  createMetricsRegistry,
  httpDurationHistogram,
  mailQuotaRefusals,
  processMetrics,
} from '@mfd/service-kit';
import { offerSubmissions } from '../services/inquiry/src/metrics';
import { createMetrics as createMailMetrics, registerMailMetrics } from '../services/mailer/src/metrics';

/**
 * Checks of the Grafana dashboard and the Prometheus alert rules (run by lint-deploy): every
 * expression parses as PromQL and names only metrics the services export, every panel answers
 * a titled question, and every alert has a severity, a summary and a runbook section.
 */

/**
 * The series names the services export, read from the very metric objects they register. Nothing
 * here is collected: the queue and outbox sources are only read at a scrape.
 */
export function exportedMetricNames(): Set<string> {
  const registry: Registry = createMetricsRegistry('lint');
  httpDurationHistogram(registry);
  registerQueueMetrics(registry, {
    connection: undefined as never,
    prefix: '',
    queues: [],
    outbox: {} as never,
  });
  registerMailMetrics(registry, createMailMetrics());
  offerSubmissions(registry);
  mailQuotaRefusals(registry);
  // Prometheus itself records `up` for every target it scrapes.
  const names = new Set<string>(['up']);
  for (const metric of [...processMetrics().getMetricsAsArray(), ...registry.getMetricsAsArray()]) {
    const { name, type } = metric as unknown as { name: string; type: string };
    names.add(name);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

/** Grafana's interval variables stand where PromQL wants a duration. */
const GRAFANA_DURATION = /\$__(rate_interval|interval|range)\b|\$\{__(rate_interval|interval|range)\}/g;

/** Problems of one PromQL expression: a parse error, or a metric name nobody exports. */
export function checkExpression(expr: string, known: Set<string>): string[] {
  const text = expr.replace(GRAFANA_DURATION, '5m');
  const problems: string[] = [];
  parser.parse(text).iterate({
    enter(node) {
      if (node.type.isError) problems.push(`does not parse at "${text.slice(node.from, node.to + 10)}"`);
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') {
        const name = text.slice(node.from, node.to);
        if (!known.has(name)) problems.push(`names the metric ${name}, which no service exports`);
      }
    },
  });
  return problems;
}

const panel = z.object({
  type: z.string(),
  title: z.string().min(1),
  targets: z
    .array(
      z.object({ expr: z.string().min(1), refId: z.string(), legendFormat: z.string().optional() }).loose(),
    )
    .optional(),
});
const dashboard = z
  .object({
    title: z.string().min(1),
    uid: z.string().min(1),
    schemaVersion: z.number().int(),
    panels: z.array(panel.loose()).min(1),
  })
  .loose();

/** Problems of the dashboard (its JSON text): structure, titles, and each target's expression. */
export function checkDashboard(json: string, known: Set<string>): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (err) {
    return [`is not JSON: ${(err as Error).message}`];
  }
  const result = dashboard.safeParse(parsed);
  if (!result.success) return result.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`);
  const problems: string[] = [];
  for (const [index, p] of result.data.panels.entries()) {
    // Rows only group panels; every other panel answers its question with queries.
    if (p.type === 'row') continue;
    if (!p.targets?.length) problems.push(`panel "${p.title}" has no targets`);
    for (const target of p.targets ?? [])
      for (const problem of checkExpression(target.expr, known))
        problems.push(`panel ${index + 1} "${p.title}" target ${target.refId} ${problem}`);
  }
  return problems;
}

const duration = z.string().regex(/^(\d+(ms|s|m|h|d|w|y))+$/, 'must be a Prometheus duration such as 5m');
const alertRule = z.object({
  alert: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a metric-style name'),
  expr: z.string().min(1),
  for: duration,
  labels: z.object({ severity: z.enum(['critical', 'warning', 'info']) }).catchall(z.string()),
  annotations: z
    .object({
      summary: z.string().min(1),
      description: z.string().optional(),
      runbook_url: z.string().min(1),
    })
    .catchall(z.string()),
});
const prometheusRule = z.object({
  apiVersion: z.literal('monitoring.coreos.com/v1'),
  kind: z.literal('PrometheusRule'),
  metadata: z.object({ name: z.string().min(1), namespace: z.string().optional() }).loose(),
  spec: z.object({
    groups: z
      .array(
        z.object({
          name: z.string().min(1),
          interval: duration.optional(),
          rules: z.array(alertRule).min(1),
        }),
      )
      .min(1),
  }),
});

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function markdownAnchors(markdown: string): Set<string> {
  return new Set(
    markdown
      .split('\n')
      .map((line) => /^#{1,6}\s+(.*)$/.exec(line)?.[1])
      .filter((h): h is string => h !== undefined)
      .map(headingAnchor),
  );
}

/**
 * Problems of a PrometheusRule document: its shape (the operator's CRD, in brief), each alert's
 * expression, and its runbook: `deploy/README.md#<anchor>` where README has that heading.
 */
export function checkPrometheusRule(doc: unknown, readme: string, known: Set<string>): string[] {
  const result = prometheusRule.safeParse(doc);
  if (!result.success) return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const anchors = markdownAnchors(readme);
  const problems: string[] = [];
  for (const group of result.data.spec.groups)
    for (const rule of group.rules) {
      for (const problem of checkExpression(rule.expr, known))
        problems.push(`alert ${rule.alert} ${problem}`);
      const anchor = /^deploy\/README\.md#(.+)$/.exec(rule.annotations.runbook_url)?.[1];
      if (!anchor) problems.push(`alert ${rule.alert}: runbook_url must be deploy/README.md#<section>`);
      else if (!anchors.has(anchor))
        problems.push(`alert ${rule.alert}: deploy/README.md has no section #${anchor}`);
    }
  return problems;
}
