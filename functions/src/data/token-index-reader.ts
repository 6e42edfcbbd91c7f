/**
 * A page of tokens without a search (ACCESS_PATTERNS.md rows 10 and 11): for each category asked
 * for, a Query of its gsi2 (expiry) or gsi3 (name) partition, read lazily in chunks and merged in
 * index order until `offset + limit` tokens are found. One category reads exactly the page's
 * prefix; several read at most one chunk more per category. A section filter is a
 * FilterExpression on `sectionKey`.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Category } from '@expiry-radar/shared/domain/categories';
import { SECTION_FILTER_ALL } from '@expiry-radar/shared/domain/section-filter';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { TokenSort } from '@expiry-radar/shared/domain/token-list';
import { compareIndexKeys, isDescending, usesNameIndex } from '../domain/token-search';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { tokenCodec, tokenIndexSortKey } from './entities/token';
import { tokenIndexKeys } from './keys';
import { INDEX_NAMES } from './table-definition';

const MIN_CHUNK = 10;
/** A deep offset reads in chunks of this size rather than asking for everything at once. */
const MAX_CHUNK = 1_000;

export interface IndexPageRequest {
  readonly workspaceId: string;
  readonly categories: readonly Category[];
  readonly section: string | undefined;
  readonly sort: TokenSort;
  readonly offset: number;
  readonly limit: number;
}

export interface IndexPage {
  readonly items: Token[];
  /** Items DynamoDB read (before the section filter), for cost measurements. */
  readonly itemsRead: number;
}

class CategoryStream {
  private buffer: Token[] = [];
  private startKey: Record<string, unknown> | undefined;
  private exhausted = false;
  itemsRead = 0;

  constructor(
    private readonly request: IndexPageRequest,
    private readonly category: Category,
    private readonly chunk: number,
  ) {}

  async peek(): Promise<Token | undefined> {
    while (this.buffer.length === 0 && !this.exhausted) await this.fill();
    return this.buffer[0];
  }

  take(): void {
    this.buffer.shift();
  }

  private async fill(): Promise<void> {
    const { workspaceId, section, sort } = this.request;
    const byName = usesNameIndex(sort);
    const filtered = section !== undefined && section !== SECTION_FILTER_ALL;
    const page = await getDocumentClient().send(
      new QueryCommand({
        TableName: getConfig().tableName,
        IndexName: byName ? INDEX_NAMES.tokensByName : INDEX_NAMES.tokensByExpiry,
        KeyConditionExpression: byName ? 'gsi3pk = :pk' : 'gsi2pk = :pk',
        ...(filtered ? { FilterExpression: 'sectionKey = :section' } : {}),
        ExpressionAttributeValues: {
          ':pk': tokenIndexKeys.partition(workspaceId, this.category),
          ...(filtered ? { ':section': section } : {}),
        },
        ScanIndexForward: !isDescending(sort),
        Limit: this.chunk,
        ExclusiveStartKey: this.startKey,
      }),
    );
    this.buffer.push(...(page.Items ?? []).map((item) => tokenCodec.fromItem(item).token));
    this.itemsRead += page.ScannedCount ?? page.Items?.length ?? 0;
    this.startKey = page.LastEvaluatedKey;
    this.exhausted = this.startKey === undefined;
  }
}

export async function readIndexPage(request: IndexPageRequest): Promise<IndexPage> {
  const wanted = request.offset + request.limit;
  const share = Math.ceil(wanted / request.categories.length);
  const chunk = Math.min(
    MAX_CHUNK,
    request.categories.length === 1 ? wanted : Math.max(MIN_CHUNK, share),
  );
  const streams = request.categories.map(
    (category) => new CategoryStream(request, category, chunk),
  );
  const descending = isDescending(request.sort);
  const items: Token[] = [];
  for (let position = 0; position < wanted; position += 1) {
    const heads = await Promise.all(streams.map((stream) => stream.peek()));
    let best = -1;
    heads.forEach((head, index) => {
      if (!head) return;
      const current = heads[best];
      if (
        !current ||
        compareIndexKeys(
          tokenIndexSortKey(head, request.sort),
          tokenIndexSortKey(current, request.sort),
          descending,
        ) < 0
      ) {
        best = index;
      }
    });
    if (best < 0) break;
    if (position >= request.offset) items.push(heads[best]!);
    streams[best]!.take();
  }
  return { items, itemsRead: streams.reduce((sum, stream) => sum + stream.itemsRead, 0) };
}
