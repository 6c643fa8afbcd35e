import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_JOB_BATCH, outboxAck, type OutboxAckBatch } from '@mfd/contracts';
import { AckBatcher } from '../src/ack-batch';
import { createProducerConnection, queuePrefix } from '@mfd/queue';
import { testInfra, uniqueRedisPrefix } from '@mfd/testing';

describe('confirmations gathered into batches', () => {
  const connection = createProducerConnection(testInfra().redisUrl);
  const queue = new Queue<OutboxAckBatch>('outbox.ack.test', {
    connection,
    prefix: queuePrefix(uniqueRedisPrefix()),
  });
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  });
  const queuedIds = async () =>
    (await queue.getJobs(['waiting'])).map((job) => outboxAck.parse(job.data).ids);

  it('when a consumer confirms many jobs at once, then few ack jobs carry every id exactly once, each caller settling after its batch is queued', async () => {
    const ids = Array.from({ length: MAX_JOB_BATCH + 20 }, (_, i) => `id-${i}`);
    const batcher = new AckBatcher(queue);
    await Promise.all(ids.map((id) => batcher.confirm(id)));
    const batches = await queuedIds();
    expect(batches.length).toBe(2);
    expect(batches.flat().sort()).toEqual([...ids].sort());
    expect(Math.max(...batches.map((b) => b.length))).toBe(MAX_JOB_BATCH);
  });

  it('when an ack job of an earlier release names one id, then it still reads as a batch of one', () => {
    expect(outboxAck.parse({ id: 'row-1' })).toEqual({ ids: ['row-1'] });
    expect(outboxAck.safeParse({ ids: [] }).success).toBe(false);
  });
});
