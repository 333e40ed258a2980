package io.cerulean.table.query.filter;

import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.EdmType;
import io.cerulean.table.model.PropertyValue;
import java.util.Locale;
import java.util.Set;

/**
 * Recursive-descent parser for the $filter grammar of spec 5.1:
 * <pre>
 * filter     := or
 * or         := and ("or" and)*
 * and        := unary ("and" unary)*
 * unary      := "not" unary | primary
 * primary    := "(" or ")" | comparison | true | false
 * comparison := operand op operand      ; exactly one property and one literal
 * </pre>
 * Keywords are accepted in any case. Anything the Table service does not support (functions, arithmetic,
 * {@code null}, property-vs-property) is rejected rather than guessed at, with the position of the problem.
 */
public final class FilterParser {
    /** How deeply parentheses and 'not' may nest; recursion is bounded by this, so no text can overflow the stack. */
    public static final int MAX_NESTING = 100;

    private static final Set<String> ARITHMETIC = Set.of("add", "sub", "mul", "div", "mod");

    private final FilterLexer lexer;
    private Token current;
    private int nesting;

    private FilterParser(String text) {
        this.lexer = new FilterLexer(text);
        this.current = lexer.next();
    }

    /**
     * Parses a {@code $filter} value (already URL-decoded). The result holds no reference to any entity
     * schema: Query Tables uses it with a source that only answers {@code TableName}.
     *
     * @throws TableServiceException InvalidInput, with a message naming the character position, for any
     *     text that is not a supported filter
     */
    public static Filter parse(String text) {
        if (text == null || text.isBlank()) {
            throw FilterSyntax.error("Empty filter", 0, "a filter needs at least one comparison");
        }
        FilterParser parser = new FilterParser(text);
        Filter filter = parser.or();
        if (parser.current.kind() != Token.Kind.END) {
            throw parser.unexpected("'and', 'or' or the end of $filter");
        }
        return filter;
    }

    private Filter or() {
        Filter left = and();
        while (current.isWord("or")) {
            advance();
            left = new Filter.Or(left, and());
        }
        return left;
    }

    private Filter and() {
        Filter left = unary();
        while (current.isWord("and")) {
            advance();
            left = new Filter.And(left, unary());
        }
        return left;
    }

    private Filter unary() {
        if (current.isWord("not")) {
            enter(current);
            advance();
            Filter operand = unary();
            nesting--;
            return new Filter.Not(operand);
        }
        return primary();
    }

    private Filter primary() {
        if (current.kind() == Token.Kind.OPEN) {
            Token open = current;
            enter(open);
            advance();
            Filter inner = or();
            if (current.kind() != Token.Kind.CLOSE) {
                throw unexpected("')' to close the '(' at position " + open.position());
            }
            advance();
            nesting--;
            return inner;
        }
        return comparison();
    }

    private Filter comparison() {
        Operand left = operand();
        Token opToken = current;
        ComparisonOperator op = opToken.kind() == Token.Kind.WORD ? ComparisonOperator.ofKeyword(opToken.text()) : null;
        if (op == null) {
            if (endsTerm(opToken)) {
                return standalone(left);
            }
            if (opToken.kind() == Token.Kind.WORD && !isArithmetic(opToken)) {
                throw FilterSyntax.error("Unknown operator '" + opToken.text() + "'", opToken.position(),
                        "expected a comparison operator (eq, ne, gt, ge, lt, le)");
            }
            throw unexpected("a comparison operator (eq, ne, gt, ge, lt, le)");
        }
        advance();
        Operand right = operand();
        if (left.isProperty() && !right.isProperty()) {
            return new Filter.Comparison(left.text(), op, right.literal());
        }
        if (!left.isProperty() && right.isProperty()) {
            return new Filter.Comparison(right.text(), op.flip(), left.literal());
        }
        if (left.isProperty()) {
            throw FilterSyntax.error("Property '" + left.text() + "' compared with property '" + right.text() + "'",
                    left.position(), "one side of a comparison must be a constant value");
        }
        throw FilterSyntax.error("Literal " + left.text() + " compared with literal " + right.text(), left.position(),
                "one side of a comparison must be a property name");
    }

    /** A term that is not followed by an operator: only true/false may stand alone (spec 5.1 boolLiteral). */
    private static Filter standalone(Operand operand) {
        if (!operand.isProperty() && operand.literal().type() == EdmType.BOOLEAN) {
            return new Filter.Constant(operand.literal().asBoolean());
        }
        if (operand.isProperty()) {
            throw FilterSyntax.error("Property '" + operand.text() + "' is not compared with anything", operand.position(),
                    "a bare property is not a valid filter; compare it, e.g. " + operand.text() + " eq true");
        }
        throw FilterSyntax.error("Literal " + operand.text() + " is not compared with anything", operand.position(),
                "compare a property with it, e.g. Name eq " + operand.text());
    }

    private Operand operand() {
        Token token = current;
        switch (token.kind()) {
            case LITERAL -> {
                advance();
                return new Operand(token.text(), token.literal(), token.position());
            }
            case WORD -> {
                String word = token.text().toLowerCase(Locale.ROOT);
                if (word.equals("true") || word.equals("false")) {
                    advance();
                    return new Operand(token.text(), PropertyValue.ofBoolean(word.equals("true")), token.position());
                }
                if (word.equals("null")) {
                    throw FilterSyntax.error("Unsupported keyword 'null'", token.position(),
                            "a query expression may not contain null values");
                }
                if (FilterLexer.isReserved(word)) {
                    throw FilterSyntax.error("Missing operand before '" + token.text() + "'", token.position(),
                            "expected a property name or a literal");
                }
                advance();
                if (current.kind() == Token.Kind.OPEN) {
                    throw FilterSyntax.error("Unsupported function '" + token.text() + "'", token.position(),
                            "functions are not supported by the Table service");
                }
                return new Operand(token.text(), null, token.position());
            }
            case END, CLOSE -> throw FilterSyntax.error("Missing operand", token.position(),
                    "expected a property name or a literal before " + token.shown());
            default -> throw unexpected("a property name or a literal");
        }
    }

    private static boolean endsTerm(Token token) {
        return token.kind() == Token.Kind.END || token.kind() == Token.Kind.CLOSE
                || token.isWord("and") || token.isWord("or");
    }

    private static boolean isArithmetic(Token token) {
        return token.kind() == Token.Kind.WORD && ARITHMETIC.contains(token.text().toLowerCase(Locale.ROOT));
    }

    private TableServiceException unexpected(String expected) {
        if (isArithmetic(current)) {
            return FilterSyntax.error("Unsupported arithmetic operator '" + current.text() + "'", current.position(),
                    "arithmetic is not supported by the Table service");
        }
        if (current.kind() == Token.Kind.END) {
            return FilterSyntax.error("Unexpected end", current.position(), "expected " + expected);
        }
        return FilterSyntax.error("Unexpected " + current.shown(), current.position(), "expected " + expected);
    }

    private void enter(Token token) {
        if (++nesting > MAX_NESTING) {
            throw FilterSyntax.error("Nesting too deep", token.position(),
                    "parentheses and 'not' may nest at most " + MAX_NESTING + " levels");
        }
    }

    private void advance() {
        current = lexer.next();
    }

    /** One side of a comparison: a property name (literal == null) or a literal; text as written. */
    private record Operand(String text, PropertyValue literal, int position) {
        boolean isProperty() {
            return literal == null;
        }
    }
}
