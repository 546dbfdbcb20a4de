/**
 * The GraphQL documents the app sends (reference/shopify.md §3.4). Nested `first` values stay small
 * because connection cost multiplies (§4.1); a single query must stay under 1000 points.
 */

const MONEY = 'presentmentMoney { amount currencyCode }';

export const ORDER_FIELDS = `
fragment OrderFields on Order {
  id
  legacyResourceId
  name
  email
  phone
  createdAt
  updatedAt
  processedAt
  cancelledAt
  cancelReason
  closed
  test
  displayFinancialStatus
  displayFulfillmentStatus
  tags
  note
  paymentGatewayNames
  totalPriceSet { ${MONEY} }
  currentTotalPriceSet { ${MONEY} }
  subtotalPriceSet { ${MONEY} }
  totalShippingPriceSet { ${MONEY} }
  totalDiscountsSet { ${MONEY} }
  totalOutstandingSet { ${MONEY} }
  totalWeight
  shippingAddress {
    name firstName lastName company phone
    address1 address2 city province provinceCode zip country countryCodeV2
  }
  shippingLines(first: 5) {
    nodes { title code originalPriceSet { ${MONEY} } }
  }
  discountApplications(first: 10) {
    nodes {
      __typename
      allocationMethod
      targetType
      value {
        __typename
        ... on MoneyV2 { amount currencyCode }
        ... on PricingPercentageValue { percentage }
      }
      ... on DiscountCodeApplication { code }
      ... on AutomaticDiscountApplication { title }
      ... on ManualDiscountApplication { title }
    }
  }
  lineItems(first: $lineItemCount) {
    nodes {
      id
      title
      variantTitle
      sku
      quantity
      currentQuantity
      originalUnitPriceSet { ${MONEY} }
      image { url }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const SHOP = `
query Shop {
  shop { id name email myshopifyDomain currencyCode ianaTimezone }
}`;

export const ORDER = `
query OrderForBooking($id: ID!, $lineItemCount: Int!) {
  order(id: $id) { ...OrderFields }
}
${ORDER_FIELDS}`;

export const ORDERS_BY_IDS = `
query OrdersByIds($ids: [ID!]!, $lineItemCount: Int!) {
  nodes(ids: $ids) { __typename ... on Order { ...OrderFields } }
}
${ORDER_FIELDS}`;

/**
 * Only the names of several orders: one point per id (a node of two scalars), so the 250 orders of
 * the largest bulk cost 250 points, a quarter of the 1000-point cap.
 */
export const ORDER_NAMES = `
query OrderNames($ids: [ID!]!) {
  nodes(ids: $ids) { __typename ... on Order { legacyResourceId name } }
}`;

/** The bulk form's list: 7 points an order (the order, three money bags and their amounts). */
export const ORDER_DUES = `
query OrderDues($ids: [ID!]!) {
  nodes(ids: $ids) {
    __typename
    ... on Order {
      legacyResourceId name cancelledAt
      currentTotalPriceSet { ${MONEY} } totalShippingPriceSet { ${MONEY} } totalOutstandingSet { ${MONEY} }
    }
  }
}`;

export const ORDERS = `
query Orders($first: Int!, $after: String, $query: String, $sortKey: OrderSortKeys, $reverse: Boolean) {
  orders(first: $first, after: $after, query: $query, sortKey: $sortKey, reverse: $reverse) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id
      legacyResourceId
      name
      createdAt
      updatedAt
      cancelledAt
      displayFinancialStatus
      displayFulfillmentStatus
      tags
      currentTotalPriceSet { ${MONEY} }
      shippingAddress { name phone city }
    }
  }
}`;

/**
 * 10 line items per fulfillment order, not 50: each asked-for node costs points whether or not it
 * exists, and 50 made this read ask for 533 points (a booking's bucket share); 10 asks for 133.
 * Fulfilling needs no line items (fulfillmentCreate without them fulfils what remains).
 */
export const FULFILLMENT_ORDERS = `
query FulfillmentOrdersOfOrder($id: ID!) {
  order(id: $id) {
    id
    fulfillmentOrders(first: 5) {
      nodes {
        id
        status
        requestStatus
        supportedActions { action }
        assignedLocation { name location { id } }
        lineItems(first: 10) {
          nodes { id remainingQuantity totalQuantity lineItem { id title } }
        }
      }
    }
  }
}`;

export const FULFILLMENT_CREATE = `
mutation BookAndFulfil($fulfillment: FulfillmentInput!, $message: String) {
  fulfillmentCreate(fulfillment: $fulfillment, message: $message) {
    fulfillment { id status createdAt trackingInfo(first: 5) { company number url } }
    userErrors { field message }
  }
}`;

export const FULFILLMENT_CANCEL = `
mutation CancelFulfilment($id: ID!) {
  fulfillmentCancel(id: $id) {
    fulfillment { id status }
    userErrors { field message }
  }
}`;

export const FULFILLMENT_EVENT_CREATE = `
mutation FulfillmentEvent($fulfillmentEvent: FulfillmentEventInput!) {
  fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) {
    fulfillmentEvent { id status }
    userErrors { field message }
  }
}`;

export const TAGS_ADD = `
mutation TagOrder($id: ID!, $tags: [String!]!) {
  tagsAdd(id: $id, tags: $tags) {
    node { id ... on Order { tags } }
    userErrors { field message }
  }
}`;

export const TAGS_REMOVE = `
mutation UntagOrder($id: ID!, $tags: [String!]!) {
  tagsRemove(id: $id, tags: $tags) {
    node { id ... on Order { tags } }
    userErrors { field message }
  }
}`;

export const SUBSCRIPTION_CREATE = `
mutation StartPlan(
  $name: String!
  $returnUrl: URL!
  $test: Boolean
  $trialDays: Int
  $replacementBehavior: AppSubscriptionReplacementBehavior
  $lineItems: [AppSubscriptionLineItemInput!]!
) {
  appSubscriptionCreate(
    name: $name
    returnUrl: $returnUrl
    test: $test
    trialDays: $trialDays
    replacementBehavior: $replacementBehavior
    lineItems: $lineItems
  ) {
    appSubscription { id name status test }
    confirmationUrl
    userErrors { field message }
  }
}`;

export const SUBSCRIPTION_CANCEL = `
mutation CancelPlan($id: ID!, $prorate: Boolean) {
  appSubscriptionCancel(id: $id, prorate: $prorate) {
    appSubscription { id status }
    userErrors { field message }
  }
}`;

/** One charge of this app on this shop, by its id (null when Shopify has no such charge for it). */
export const SUBSCRIPTION_STATUS = `
query SubscriptionStatus($id: ID!) {
  node(id: $id) { ... on AppSubscription { id status } }
}`;

export const CURRENT_PLAN = `
query CurrentPlan {
  currentAppInstallation {
    id
    activeSubscriptions {
      id name status test trialDays createdAt currentPeriodEnd
      lineItems {
        id
        plan { pricingDetails { __typename ... on AppRecurringPricing { interval price { amount currencyCode } } } }
      }
    }
  }
}`;

/** Whether Shopify lets the app fulfil an order, and the fulfillments it has (booking's two reads ask the same). */
const FULFIL_STATE = `fulfillmentOrders(first: 5) {
      nodes {
        id
        status
        supportedActions { action }
        lineItems(first: 10) { nodes { remainingQuantity } }
      }
    }
    fulfillments(first: 10) { id status trackingInfo(first: 3) { number } }`;

/**
 * What booking needs of an order, in one query: whether Shopify lets the app fulfil it (its
 * fulfillment orders' status and actions), the fulfillments it already has with their tracking
 * numbers (a retried booking looks for its own before fulfilling again), and the line items the
 * post-booking page shows. Small nested `first`s keep the requested cost near 100 points.
 */
export const ORDER_TO_FULFIL = `
query OrderToFulfil($id: ID!) {
  order(id: $id) {
    id
    legacyResourceId
    name
    cancelledAt
    displayFulfillmentStatus
    lineItems(first: 20) {
      nodes { title variantTitle currentQuantity originalUnitPriceSet { ${MONEY} } image { url } }
    }
    ${FULFIL_STATE}
  }
}`;

/**
 * Bulk booking's one read of an order: what the booking form would have been filled with (address,
 * phones, money, line items) and what fulfilling it needs (ORDER_TO_FULFIL's fields), so a bulk
 * booking reads each order once. Discounts and shipping lines are left out: bulk does not show them.
 */
export const ORDER_TO_BOOK = `
query OrderToBook($id: ID!) {
  order(id: $id) {
    id
    legacyResourceId
    name
    email
    phone
    createdAt
    updatedAt
    processedAt
    cancelledAt
    displayFinancialStatus
    displayFulfillmentStatus
    tags
    note
    paymentGatewayNames
    currentTotalPriceSet { ${MONEY} }
    totalShippingPriceSet { ${MONEY} }
    totalOutstandingSet { ${MONEY} }
    totalWeight
    shippingAddress { name firstName lastName company phone address1 address2 city province provinceCode zip country countryCodeV2 }
    lineItems(first: 20) {
      nodes { id title variantTitle sku quantity currentQuantity originalUnitPriceSet { ${MONEY} } image { url } }
      pageInfo { hasNextPage endCursor }
    }
    ${FULFIL_STATE}
  }
}`;
