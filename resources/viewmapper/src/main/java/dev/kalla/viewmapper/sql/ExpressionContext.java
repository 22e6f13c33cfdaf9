package dev.kalla.viewmapper.sql;

/**
 * Where an expression is being skimmed; decides which depth-0 tokens end it. Expressions are
 * not parsed, only scanned for nested subqueries, so the stop rules are all that matters.
 */
enum ExpressionContext {
    SELECT_LIST,
    CLAUSE,
    JOIN_CONDITION,
    QUERY_TAIL,
    PARENTHESISED
}
