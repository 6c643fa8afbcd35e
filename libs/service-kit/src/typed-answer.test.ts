import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertTypedAnswer, jsonBytes, typedAnswerRoutes, typedAnswerSerializer } from './typed-answer';

const schema = z.object({ id: z.string(), total: z.string().nullable() });
const serializer = (httpStatus: string) =>
  typedAnswerSerializer({ schema, method: 'GET', url: '/api/things', httpStatus });

describe('typedAnswerSerializer', () => {
  it('when a route answers 200, then the answer is written as built and the route is listed for the tests', () => {
    expect(serializer('200')({ id: 'a', total: null })).toBe('{"id":"a","total":null}');
    expect(String(serializer('200')([{ id: 'a', total: null }]))).toBe('[{"id":"a","total":null}]');
    expect(typedAnswerRoutes.has('GET /api/things')).toBe(true);
  });

  it('when the status is not 200, then zod writes the answer in its schema’s order', () => {
    expect(serializer('404')({ total: null, id: 'a', extra: 1 })).toBe('{"id":"a","total":null}');
  });
});

describe('jsonBytes', () => {
  const bytes = (answer: unknown) => Buffer.from(jsonBytes(answer));

  it('when the answer is an array, then its bytes are JSON.stringify’s, UTF-8 and odd items included', () => {
    const answer = [
      {
        id: 'a',
        supplier: { trading_name: 'Bunker Søren’s 東京 "Fuel" \\ ltd' },
        lines: { x: { price: '551.70' } },
      },
      undefined,
      null,
      { id: 'b', at: new Date('2026-11-28T10:00:00Z'), total: null },
      [1, 'two', [3]],
    ];
    expect(bytes(answer).equals(Buffer.from(JSON.stringify(answer)))).toBe(true);
    expect(JSON.parse(bytes(answer).toString('utf8'))).toEqual(JSON.parse(JSON.stringify(answer)));
  });

  it('when the array is empty or holds one item, then it is written as JSON.stringify writes it', () => {
    expect(bytes([]).toString()).toBe('[]');
    expect(bytes([{ id: 'a' }]).toString()).toBe('[{"id":"a"}]');
  });

  it('when the answer is not an array, then it is JSON.stringify’s string', () => {
    expect(jsonBytes({ id: 'a', total: null })).toBe('{"id":"a","total":null}');
  });
});

describe('assertTypedAnswer', () => {
  const check = (answer: unknown) => () => assertTypedAnswer(schema, 'GET /api/things', answer);

  it('when an answer is what zod writes, then it passes', () => {
    expect(check({ id: 'a', total: '1.00' })).not.toThrow();
  });

  it('when an answer has its keys out of the schema’s order, then it is refused', () => {
    expect(check({ total: '1.00', id: 'a' })).toThrow(/not what its schema writes/);
  });

  it('when an answer carries a key the schema has not, then it is refused', () => {
    expect(check({ id: 'a', total: null, secret: 'x' })).toThrow(/not what its schema writes/);
  });

  it('when an answer does not conform, then it is refused', () => {
    expect(check({ id: 'a', total: 5 })).toThrow();
  });
});
