package io.cerulean.http.properties;

import io.cerulean.http.xml.InvalidXml;

/**
 * How long Storage Analytics keeps logs or metrics: disabled, or enabled for 1 to 365 days (else
 * 400 InvalidXmlNodeValue). A disabled policy has no days; the service neither stores nor returns
 * them, so {@code days} is 0 then whatever was sent.
 */
public record RetentionPolicy(boolean enabled, int days) {
    public static final int MIN_DAYS = 1;
    public static final int MAX_DAYS = 365;
    private static final RetentionPolicy DISABLED = new RetentionPolicy(false, 0);

    public RetentionPolicy {
        if (!enabled) {
            days = 0;
        } else if (days < MIN_DAYS || days > MAX_DAYS) {
            throw InvalidXml.nodeValue("RetentionPolicy Days must be between " + MIN_DAYS + " and " + MAX_DAYS
                    + "; it is " + days + ".");
        }
    }

    public static RetentionPolicy disabled() {
        return DISABLED;
    }

    public static RetentionPolicy forDays(int days) {
        return new RetentionPolicy(true, days);
    }
}
