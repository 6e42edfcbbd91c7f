/**
 * A page of tokens without a search (ACCESS_PATTERNS.md rows 10 and 11): for each category asked
 * for, a Query of its gsi2 (expiry) or gsi3 (name) partition, read lazily in chunks and merged in
 * index order until `offset + limit` tokens are found. One category reads exactly the page's
 * prefix; several read at most one chunk more per category. A section filter is a
 * FilterExpression on `sectionKey`. Each Query asks only for the tokens' API fields
 * (TOKEN_FIELDS_PROJECTION): less to send, parse and decode per token.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Category } from '@expiry-radar/shared/domain/categories';
import { SECTION_FILTER_ALL } from '@expiry-radar/shared/domain/section-filter';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { TokenSort } from '@expiry-radar/shared/domain/token-list';
import { compareIndexKeys, isDescending, usesNameIndex } from '../domain/token-search';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  TOKEN_FIELDS_NAMES,
  TOKEN_FIELDS_PROJECTION,
  tokenFromFieldsItem,
  tokenIndexSortKey,
} from './entities/token';
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
  /** Where `buffer` starts: taking a token moves it instead of shifting the array. */
  private next = 0;
  private startKey: Record<string, unknown> | undefined;
  private exhausted = false;
  itemsRead = 0;

  constructor(
    private readonly request: IndexPageRequest,
    private readonly category: Category,
    private readonly chunk: number,
  ) {}

  /** Whether the next token is still to be read (a filtered chunk may hold none). */
  get needsFill(): boolean {
    return this.next === this.buffer.length && !this.exhausted;
  }

  /** The stream's next token; undefined once it is exhausted (or before a needed fill). */
  head(): Token | undefined {
    return this.buffer[this.next];
  }

  take(): void {
    this.next += 1;
  }

  async fill(): Promise<void> {
    const { workspaceId, section, sort } = this.request;
    const byName = usesNameIndex(sort);
    const filtered = section !== undefined && section !== SECTION_FILTER_ALL;
    const page = await getDocumentClient().send(
      new QueryCommand({
        TableName: getConfig().tableName,
        IndexName: byName ? INDEX_NAMES.tokensByName : INDEX_NAMES.tokensByExpiry,
        KeyConditionExpression: byName ? 'gsi3pk = :pk' : 'gsi2pk = :pk',
        ...(filtered ? { FilterExpression: 'sectionKey = :section' } : {}),
        ProjectionExpression: TOKEN_FIELDS_PROJECTION,
        ExpressionAttributeNames: TOKEN_FIELDS_NAMES,
        ExpressionAttributeValues: {
          ':pk': tokenIndexKeys.partition(workspaceId, this.category),
          ...(filtered ? { ':section': section } : {}),
        },
        ScanIndexForward: !isDescending(sort),
        Limit: this.chunk,
        ExclusiveStartKey: this.startKey,
      }),
    );
    this.buffer = (page.Items ?? []).map(tokenFromFieldsItem);
    this.next = 0;
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
    // Only a stream whose chunk is used up waits for a read: the rest of the merge is synchronous.
    let unfilled = streams.filter((stream) => stream.needsFill);
    while (unfilled.length > 0) {
      await Promise.all(unfilled.map((stream) => stream.fill()));
      unfilled = unfilled.filter((stream) => stream.needsFill);
    }
    const heads = streams.map((stream) => stream.head());
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
