import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  checkDashboard,
  checkExpression,
  checkPrometheusRule,
  exportedMetricNames,
  headingAnchor,
} from './lint-observability';

const root = resolve(import.meta.dirname, '..');
const read = (...path: string[]) => readFileSync(join(root, ...path), 'utf8');
const known = exportedMetricNames();
const dashboardWith = (panels: unknown[]) =>
  JSON.stringify({ title: 'd', uid: 'd', schemaVersion: 39, panels });
const rulesYaml = read('deploy', 'k8s', 'prometheus-rules.yaml');
const readme = read('deploy', 'README.md');

describe('dashboard and alert rule checks', () => {
  it('knows the metrics the services export, histogram series included', () => {
    for (const name of [
      'http_request_duration_seconds_bucket',
      'http_request_duration_seconds_count',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
      'queue_jobs',
      'outbox_rows',
      'outbox_oldest_unconfirmed_seconds',
      'mail_sent_total',
      'mail_failed_total',
      'mail_retries_total',
      'offer_submissions_total',
      'up',
    ])
      expect(known.has(name), name).toBe(true);
    expect(known.has('mail_sent')).toBe(false);
  });

  it('when the checked-in dashboard and rules are read, then they have no problem', () => {
    expect(checkDashboard(read('deploy', 'grafana', 'dashboard.json'), known)).toEqual([]);
    expect(checkPrometheusRule(parse(rulesYaml), readme, known)).toEqual([]);
  });

  it('when a panel queries a metric nobody exports, then the check names the panel and the metric', () => {
    const problems = checkDashboard(
      dashboardWith([
        {
          type: 'timeseries',
          title: 'Is mail flowing?',
          targets: [{ refId: 'A', expr: 'sum(rate(mails_sent_total[$__rate_interval]))' }],
        },
      ]),
      known,
    );
    expect(problems).toEqual([
      'panel 1 "Is mail flowing?" target A names the metric mails_sent_total, which no service exports',
    ]);
  });

  it('when a panel has no title, no targets or an expression that is no PromQL, then each is a problem', () => {
    expect(
      checkDashboard(dashboardWith([{ type: 'timeseries', title: '', targets: [] }]), known),
    ).toHaveLength(1);
    expect(checkDashboard(dashboardWith([{ type: 'timeseries', title: 'Queue' }]), known)).toEqual([
      'panel "Queue" has no targets',
    ]);
    expect(checkExpression('sum(rate(mail_sent_total[5m])', known)[0]).toMatch(/does not parse/);
    expect(checkDashboard('{ not json', known)[0]).toMatch(/is not JSON/);
  });

  it('when an alert lacks its severity, names an unknown metric or a runbook section README lacks, then the rule fails', () => {
    const doc = parse(rulesYaml);
    const [first, second, third] = doc.spec.groups[0].rules;
    delete first.labels.severity;
    second.expr = 'rate(mail_bounced_total[5m]) > 0';
    third.annotations.runbook_url = 'deploy/README.md#no-such-section';
    const problems = checkPrometheusRule(doc, readme, known);
    expect(problems).toEqual([expect.stringMatching(/^spec\.groups\.0\.rules\.0\.labels\.severity: /)]);
    first.labels.severity = 'critical';
    expect(checkPrometheusRule(doc, readme, known)).toEqual([
      `alert ${second.alert} names the metric mail_bounced_total, which no service exports`,
      `alert ${third.alert}: deploy/README.md has no section #no-such-section`,
    ]);
  });

  it('makes GitHub anchors of headings', () => {
    expect(headingAnchor('MfdOutboxUnconfirmed')).toBe('mfdoutboxunconfirmed');
    expect(headingAnchor('Redis: what it must keep, and what happens without it')).toBe(
      'redis-what-it-must-keep-and-what-happens-without-it',
    );
  });
});
