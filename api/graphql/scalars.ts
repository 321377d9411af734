import { GraphQLError } from 'graphql';
import { builder } from './builder.ts';
import { AMOUNT_DIGITS, toMoneyString, type MoneyLike } from '../domain/money/money.ts';
import { MAX_REQUEST_JSON_DEPTH, tooDeep } from '../http/request-limits.ts';

builder.scalarType('DateTime', {
  description: 'An instant as an ISO-8601 string in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value as string).toISOString()),
  parseValue: (value) => {
    const date = new Date(value as string);
    if (typeof value !== 'string' || Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO-8601 string');
    return date;
  },
});

// Exact both ways: output goes through the money rules (Prisma decimals and decimal strings,
// never a float), input is read strictly and bounded by the Decimal(12,2) columns.
const DECIMAL = new RegExp(`^-?${AMOUNT_DIGITS}$`);

builder.scalarType('Decimal', {
  description: 'An exact decimal with at most two places, as a string ("199.00").',
  serialize: (value) => toMoneyString(value as MoneyLike),
  parseValue: (value) => {
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !DECIMAL.test(text.trim())) throw new GraphQLError('Decimal must be a number with at most two decimal places');
    return text.trim();
  },
});

builder.scalarType('JSON', {
  description: 'Any JSON value (sample rows of a data set).',
  serialize: (value) => value,
  // Whatever carried it (HTTP variables are checked earlier, graphql-ws ones only here), a value
  // nested deeper than this never reaches a schema that would walk it by recursion.
  parseValue: (value) => {
    if (tooDeep(value)) throw new GraphQLError(`JSON is nested deeper than ${MAX_REQUEST_JSON_DEPTH} levels`);
    return value;
  },
});
