package io.cerulean.http.faults;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Fault rules as JSON, the form of {@code --faults FILE} and of the {@code $faults} endpoint:
 * <pre>
 * {"rules": [
 *   {"name": "busy-orders", "fault": "ServerBusy", "services": ["table"], "operations": ["InsertEntity"],
 *    "resource": "orders", "every": 2, "limit": 3},
 *   {"fault": "Drop", "when": "after", "probability": 0.1, "seed": 42, "delayMs": 500}
 * ]}
 * </pre>
 * A bare array of rules is read too. Members: {@code fault} (required: {@code InternalError},
 * {@code ServerBusy}, {@code OperationTimedOut} or {@code Drop}), {@code name}, {@code when}
 * ({@code before}, the default, or {@code after}), {@code account}, {@code services} and
 * {@code operations} (a name or an array of names), {@code resource}, {@code every},
 * {@code probability}, {@code seed}, {@code limit}, {@code delayMs} ({@link FaultRule}). An unknown
 * member is an error, so that a misspelt selector never makes a rule match everything.
 */
public final class FaultRulesJson {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private FaultRulesJson() {
    }

    /**
     * The rules in {@code file}.
     *
     * @throws IllegalArgumentException naming the file, and what is wrong in it
     */
    public static List<FaultRule> read(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the fault rules " + file + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the fault rules " + file + ": " + e.getMessage());
        }
    }

    /**
     * The rules {@code text} holds, in order; a rule with no name is named {@code rule N}, its place.
     *
     * @throws IllegalArgumentException saying what is wrong, and in which rule
     */
    public static List<FaultRule> parse(String text) {
        List<FaultRule> rules = new ArrayList<>();
        try (JsonParser parser = JSON.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == JsonToken.START_OBJECT) {
                if (parser.nextToken() != JsonToken.FIELD_NAME || !parser.currentName().equals("rules")
                        || parser.nextToken() != JsonToken.START_ARRAY) {
                    throw new IllegalArgumentException("expected {\"rules\": [...]}");
                }
            } else if (first != JsonToken.START_ARRAY) {
                throw new IllegalArgumentException("expected {\"rules\": [...]} or an array of rules");
            }
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                int place = rules.size() + 1;
                if (parser.currentToken() != JsonToken.START_OBJECT) {
                    throw new IllegalArgumentException("rule " + place + " is not an object");
                }
                try {
                    rules.add(rule(parser, place));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("rule " + place + ": " + e.getMessage());
                }
            }
            if (first == JsonToken.START_OBJECT && parser.nextToken() != JsonToken.END_OBJECT) {
                throw new IllegalArgumentException("expected nothing after the rules but the end of the object");
            }
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException("expected nothing after the rules");
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a string has no I/O to fail
        }
        return rules;
    }

    private static FaultRule rule(JsonParser parser, int place) throws IOException {
        String name = "rule " + place;
        FaultKind fault = null;
        boolean after = false;
        String account = null;
        String resource = null;
        Set<String> services = Set.of();
        Set<String> operations = Set.of();
        long every = 0;
        double probability = 1;
        OptionalLong seed = OptionalLong.empty();
        long limit = 0;
        long delay = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String member = parser.currentName();
            parser.nextToken();
            switch (member) {
                case "name" -> name = text(parser, member);
                case "fault" -> fault = FaultKind.named(text(parser, member));
                case "when" -> after = switch (text(parser, member).toLowerCase(Locale.ROOT)) {
                    case "before" -> false;
                    case "after" -> true;
                    default -> throw new IllegalArgumentException("\"when\" is before or after");
                };
                case "account" -> account = text(parser, member);
                case "resource" -> resource = text(parser, member);
                case "services" -> services = names(parser, member, true);
                case "operations" -> operations = names(parser, member, false);
                case "every" -> every = whole(parser, member);
                case "probability" -> probability = number(parser, member);
                case "seed" -> seed = OptionalLong.of(whole(parser, member));
                case "limit" -> limit = whole(parser, member);
                case "delayMs" -> delay = whole(parser, member);
                default -> throw new IllegalArgumentException("unknown member \"" + member + "\"");
            }
        }
        if (fault == null) {
            throw new IllegalArgumentException("\"fault\" is required");
        }
        return new FaultRule(name, fault, after, account, services, operations, resource, every, probability, seed,
                limit, delay);
    }

    private static String text(JsonParser parser, String member) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            throw new IllegalArgumentException("\"" + member + "\" is a string");
        }
        return parser.getText();
    }

    private static long whole(JsonParser parser, String member) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw new IllegalArgumentException("\"" + member + "\" is a whole number");
        }
        return parser.getLongValue();
    }

    private static double number(JsonParser parser, String member) throws IOException {
        if (!parser.currentToken().isNumeric()) {
            throw new IllegalArgumentException("\"" + member + "\" is a number");
        }
        return parser.getDoubleValue();
    }

    private static Set<String> names(JsonParser parser, String member, boolean lowerCase) throws IOException {
        Set<String> names = new LinkedHashSet<>();
        if (parser.currentToken() == JsonToken.START_ARRAY) {
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                names.add(text(parser, member));
            }
        } else {
            names.add(text(parser, member));
        }
        return lowerCase ? names.stream().map(n -> n.toLowerCase(Locale.ROOT))
                .collect(java.util.stream.Collectors.toCollection(LinkedHashSet::new)) : names;
    }

    /** The rules with what each did so far: {@code {"rules": [{..., "matched": n, "injected": k}]}}. */
    public static byte[] write(List<Faults.RuleCounts> rules) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeArrayFieldStart("rules");
            for (Faults.RuleCounts counts : rules) {
                FaultRule rule = counts.rule();
                json.writeStartObject();
                json.writeStringField("name", rule.name());
                json.writeStringField("fault", rule.fault().jsonName());
                json.writeStringField("when", rule.after() ? "after" : "before");
                optional(json, "account", rule.account());
                strings(json, "services", rule.services());
                strings(json, "operations", rule.operations());
                optional(json, "resource", rule.resource());
                if (rule.every() > 0) {
                    json.writeNumberField("every", rule.every());
                } else {
                    json.writeNumberField("probability", rule.probability());
                }
                if (rule.seed().isPresent()) {
                    json.writeNumberField("seed", rule.seed().getAsLong());
                }
                if (rule.limit() > 0) {
                    json.writeNumberField("limit", rule.limit());
                }
                json.writeNumberField("delayMs", rule.delayMillis());
                json.writeNumberField("matched", counts.matched());
                json.writeNumberField("injected", counts.injected());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void optional(JsonGenerator json, String member, String value) throws IOException {
        if (value != null) {
            json.writeStringField(member, value);
        }
    }

    private static void strings(JsonGenerator json, String member, Set<String> values) throws IOException {
        if (!values.isEmpty()) {
            json.writeArrayFieldStart(member);
            for (String value : values.stream().sorted().toList()) {
                json.writeString(value);
            }
            json.writeEndArray();
        }
    }
}
