package io.cerulean.http.oauth;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which data roles each principal holds, on every account of the server, as a roles file says.
 * A principal is named by the id a token carries: a user's or service principal's object id
 * ({@code oid}), or an application's client id ({@code appid}, {@code azp}). Ids are compared
 * without regard to case, as GUIDs are. Two forms, told apart by the first character:
 *
 * <pre>
 * # one assignment a line: principal id, then the role's Azure name
 * 11059fcc-5514-4800-b5f8-49808b9cfab6  Storage Table Data Contributor
 * 3f4b8e1a-0000-4000-8000-000000000001  Storage Table Data Reader
 * </pre>
 *
 * <pre>
 * {"11059fcc-5514-4800-b5f8-49808b9cfab6": ["Storage Table Data Contributor"]}
 * </pre>
 *
 * Immutable.
 */
public final class RoleAssignments {
    public static final RoleAssignments NONE = new RoleAssignments(Map.of());
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private final Map<String, Set<DataRole>> byPrincipal;

    private RoleAssignments(Map<String, Set<DataRole>> byPrincipal) {
        Map<String, Set<DataRole>> copy = new HashMap<>();
        byPrincipal.forEach((principal, roles) -> copy.put(principal, Set.copyOf(roles)));
        this.byPrincipal = Map.copyOf(copy);
    }

    /** The roles held by any of {@code principals} (the ids of one token). */
    public Set<DataRole> rolesOf(Collection<String> principals) {
        Set<DataRole> roles = EnumSet.noneOf(DataRole.class);
        for (String principal : principals) {
            roles.addAll(byPrincipal.getOrDefault(principal.toLowerCase(Locale.ROOT), Set.of()));
        }
        return roles;
    }

    public int principals() {
        return byPrincipal.size();
    }

    /**
     * @throws IllegalArgumentException naming the file, and the line, of what is wrong
     */
    public static RoleAssignments read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the roles file " + file + ": " + e.getMessage());
        }
        try {
            return parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the roles file " + file + ": " + e.getMessage());
        }
    }

    /** Either form, by its first character. */
    public static RoleAssignments parse(String text) {
        return text.strip().startsWith("{") ? parseJson(text) : parseLines(text);
    }

    private static RoleAssignments parseLines(String text) {
        Map<String, Set<DataRole>> roles = new HashMap<>();
        String[] lines = text.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\\s+", 2);
            if (fields.length < 2) {
                throw new IllegalArgumentException("line " + (i + 1) + " has a principal id but no role");
            }
            try {
                assign(roles, fields[0], DataRole.named(fields[1]));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return new RoleAssignments(roles);
    }

    private static RoleAssignments parseJson(String text) {
        Map<String, Set<DataRole>> roles = new HashMap<>();
        try (JsonParser parser = JSON.createParser(text)) {
            parser.nextToken();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String principal = parser.currentName();
                JsonToken value = parser.nextToken();
                if (value == JsonToken.VALUE_STRING) {
                    assign(roles, principal, DataRole.named(parser.getText()));
                } else if (value == JsonToken.START_ARRAY) {
                    for (JsonToken item; (item = parser.nextToken()) != JsonToken.END_ARRAY; ) {
                        if (item != JsonToken.VALUE_STRING) {
                            throw new IllegalArgumentException("the roles of '" + principal + "' are role names");
                        }
                        assign(roles, principal, DataRole.named(parser.getText()));
                    }
                } else {
                    throw new IllegalArgumentException("the roles of '" + principal + "' are a role name or an "
                            + "array of them");
                }
            }
            if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
                throw new IllegalArgumentException("it is not one JSON object of principal ids and roles");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("it is not valid JSON");
        }
        return new RoleAssignments(roles);
    }

    private static void assign(Map<String, Set<DataRole>> roles, String principal, DataRole role) {
        roles.computeIfAbsent(principal.toLowerCase(Locale.ROOT), p -> EnumSet.noneOf(DataRole.class)).add(role);
    }
}
