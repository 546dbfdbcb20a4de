export * as z from './zod-api';
