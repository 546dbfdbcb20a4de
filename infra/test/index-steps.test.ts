import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import type { IndexDef } from '../../functions/adapters/dynamo/table';
import { configFromContext } from '../lib/config';
import { Data } from '../lib/data';
import { indexSteps } from '../lib/index-steps';

/** Each step may differ from the one before by one index at most (DynamoDB's rule per update). */
function walk(deployed: string[], target: string[]): string[][] {
  const path = [deployed, ...indexSteps(deployed, target), target];
  for (let i = 1; i < path.length; i += 1) {
    const before = new Set(path[i - 1]);
    const after = new Set(path[i]);
    const changes = [...before].filter((n) => !after.has(n)).length + [...after].filter((n) => !before.has(n)).length;
    expect(changes, `${path[i - 1]!.join()} -> ${path[i]!.join()}`).toBeLessThanOrEqual(1);
  }
  return path;
}

describe('adding indexes in steps', () => {
  it('needs no extra deploy for a new table, or for one index added or dropped', () => {
    expect(indexSteps(undefined, ['a', 'b', 'c'])).toEqual([]);
    expect(indexSteps(['a'], ['a', 'b'])).toEqual([]);
    expect(indexSteps(['a', 'b'], ['a'])).toEqual([]);
    expect(indexSteps(['a'], ['a'])).toEqual([]);
  });

  it('adds several new indexes one deploy each, in the order of INDEXES', () => {
    expect(indexSteps(['a'], ['a', 'b', 'c', 'd'])).toEqual([['a', 'b'], ['a', 'b', 'c']]);
    expect(walk([], ['a', 'b', 'c'])).toEqual([[], ['a'], ['a', 'b'], ['a', 'b', 'c']]);
  });

  it('drops first, then adds, one index per deploy', () => {
    expect(walk(['old1', 'a', 'old2'], ['a', 'b', 'c'])).toEqual([
      ['old1', 'a', 'old2'], ['a', 'old2'], ['a'], ['a', 'b'], ['a', 'b', 'c'],
    ]);
  });

  it('reads a step from context: only those indexes are built, the grants name them all', () => {
    const defs: IndexDef[] = [
      { name: 'bookingsByStatus', partition: 'gsi1pk', sort: 'gsi1sk', answers: 'a', projection: 'keys' },
      { name: 'parcelsByAccount', partition: 'gsi2pk', sort: 'gsi2sk', answers: 'b', projection: ['status', 'cod'] },
    ];
    const stack = new Stack(new App(), 'T', { env: { account: '111111111111', region: 'ap-south-1' } });
    const data = new Data(stack, 'Data', { prefix: 'dakiya-t', indexes: defs.slice(0, 1), allIndexes: defs });
    const table = Object.values(Template.fromStack(stack).findResources('AWS::DynamoDB::Table'))[0]!.Properties;
    expect(table.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'bookingsByStatus',
        KeySchema: [{ AttributeName: 'gsi1pk', KeyType: 'HASH' }, { AttributeName: 'gsi1sk', KeyType: 'RANGE' }],
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
    ]);
    expect(data.indexNames).toEqual(['bookingsByStatus', 'parcelsByAccount']);

    const stack2 = new Stack(new App(), 'T2');
    new Data(stack2, 'Data', { prefix: 'dakiya-t', indexes: defs.slice(1), allIndexes: defs });
    const table2 = Object.values(Template.fromStack(stack2).findResources('AWS::DynamoDB::Table'))[0]!.Properties;
    expect(table2.GlobalSecondaryIndexes[0].Projection).toEqual({ ProjectionType: 'INCLUDE', NonKeyAttributes: ['status', 'cod'] });
  });

  it('takes `none` for a table without indexes', () => {
    const base = { stage: 'dev', supportEmail: 'support@dakiya.pk', shopifyApiVersion: '2026-07' };
    expect(configFromContext(new App({ context: { ...base, tableIndexes: 'none' } }).node).tableIndexes).toEqual([]);
  });
});
