package io.cerulean.http.cors;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.util.List;
import java.util.Optional;

/**
 * An account's CORS rules, in the order they were set: the order in which the service evaluates
 * them. No rules means CORS is disabled for the account.
 *
 * <p>At most five rules (more is 400 InvalidXmlDocument, as the service answers a list longer than
 * its schema allows, e.g. six signed identifiers in Set Table ACL) whose settings, XML tags
 * excluded, come to at most 2 KiB (more is 400 InvalidXmlNodeValue).
 */
public record CorsRules(List<CorsRule> rules) {
    public static final int MAX_RULES = 5;
    static final int MAX_SETTINGS_CHARS = 2048;
    private static final CorsRules NONE = new CorsRules(List.of());

    public CorsRules {
        rules = List.copyOf(rules);
        if (rules.size() > MAX_RULES) {
            throw new ServiceException(CommonError.INVALID_XML_DOCUMENT,
                    CommonError.INVALID_XML_DOCUMENT.message() + " At most " + MAX_RULES + " CORS rules may be set.");
        }
        int chars = rules.stream().mapToInt(CorsRule::settingsLength).sum();
        if (chars > MAX_SETTINGS_CHARS) {
            throw CorsRule.invalid("The CORS rules come to " + chars + " characters; at most " + MAX_SETTINGS_CHARS
                    + " are allowed.");
        }
    }

    public static CorsRules none() {
        return NONE;
    }

    /** Whether CORS is disabled for the account. */
    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /**
     * The rule that governs a request: the first whose origins and methods match. Later rules are
     * not consulted even if the chosen one then refuses the request's headers (the service's
     * documented evaluation).
     */
    public Optional<CorsRule> firstMatch(String origin, String method) {
        for (CorsRule rule : rules) {
            if (rule.matches(origin, method)) {
                return Optional.of(rule);
            }
        }
        return Optional.empty();
    }
}
