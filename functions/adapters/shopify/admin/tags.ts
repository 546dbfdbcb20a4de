import * as doc from '../documents';
import type { GraphqlRequester } from '../requester';
import type { ShopifyAdmin } from '../../../domain/ports/shopify';
import { orderGid } from './ids';
import { payload } from './payload';
import type { TagsPayload } from './shapes';

/** An order's tags. */
export function tagOperations(client: GraphqlRequester): Pick<ShopifyAdmin, 'addTags' | 'removeTags'> {
  return {
    async addTags(id, tags) {
      const data = await client.request<{ tagsAdd: TagsPayload }>(doc.TAGS_ADD, { id: orderGid(id), tags });
      return payload('tagsAdd', data.tagsAdd.userErrors, data.tagsAdd.node).tags ?? [];
    },

    async removeTags(id, tags) {
      const data = await client.request<{ tagsRemove: TagsPayload }>(doc.TAGS_REMOVE, { id: orderGid(id), tags });
      return payload('tagsRemove', data.tagsRemove.userErrors, data.tagsRemove.node).tags ?? [];
    },
  };
}
