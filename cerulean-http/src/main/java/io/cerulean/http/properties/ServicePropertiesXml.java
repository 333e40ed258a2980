package io.cerulean.http.properties;

import io.cerulean.http.cors.CorsRule;
import io.cerulean.http.cors.CorsRules;
import io.cerulean.http.xml.InvalidXml;
import io.cerulean.http.xml.XmlDocuments;
import io.cerulean.http.xml.XmlElement;
import io.cerulean.http.xml.XmlWriter;
import java.util.List;
import java.util.Optional;

/**
 * The {@code StorageServiceProperties} document of Get / Set Service Properties.
 *
 * <p>Reading (a Set request's body) accepts elements in any order and any subset of the four
 * sections; a section that is present must be complete (IncludeAPIs only while metrics are enabled,
 * Days only while retention is enabled), else 400 InvalidXmlDocument; values the service refuses are
 * 400 InvalidXmlNodeValue. Unknown elements are ignored. Everything is checked before anything is
 * returned, so a refused request changes nothing.
 *
 * <p>Writing emits every section in the service's own order (Logging: Version, Read, Write,
 * Delete), omits IncludeAPIs while metrics are disabled and Days while retention is disabled, and
 * always writes {@code <Cors />} or the rules: the Java SDK fails on a document without Cors. The
 * same form is what Cerulean stores.
 */
public final class ServicePropertiesXml {
    static final String ROOT = "StorageServiceProperties";

    private ServicePropertiesXml() {
    }

    /** The sections a Set Service Properties body carries. */
    public static ServicePropertiesUpdate readUpdate(byte[] body) {
        return readUpdate(body, false);
    }

    /**
     * The sections a Set Service Properties body carries, with the Blob service's
     * {@code DeleteRetentionPolicy} when {@code deleteRetention} (Enabled, and Days from 1 to 365
     * while enabled, as the other retention policies).
     */
    public static ServicePropertiesUpdate readUpdate(byte[] body, boolean deleteRetention) {
        XmlElement root = XmlDocuments.parse(body);
        if (!root.name().equals(ROOT)) {
            throw InvalidXml.document("The root element must be " + ROOT + ", not " + root.name() + ".");
        }
        Optional<LoggingSettings> logging = root.optionalChild("Logging").map(ServicePropertiesXml::logging);
        Optional<MetricsSettings> hour = root.optionalChild("HourMetrics").map(ServicePropertiesXml::metrics);
        Optional<MetricsSettings> minute = root.optionalChild("MinuteMetrics").map(ServicePropertiesXml::metrics);
        Optional<CorsRules> cors = root.optionalChild("Cors").map(ServicePropertiesXml::cors);
        Optional<RetentionPolicy> deletes = deleteRetention
                ? root.optionalChild("DeleteRetentionPolicy").map(ServicePropertiesXml::retentionPolicy)
                : Optional.empty();
        return new ServicePropertiesUpdate(logging, hour, minute, cors, deletes);
    }

    /** Properties as Cerulean stored them (a complete document written by {@link #write}). */
    public static ServiceProperties readStored(byte[] stored) {
        return readUpdate(stored, true).applyTo(ServiceProperties.defaults());
    }

    public static byte[] write(ServiceProperties properties) {
        XmlWriter xml = new XmlWriter().start(ROOT);
        LoggingSettings logging = properties.logging();
        xml.start("Logging").element("Version", logging.version()).element("Read", logging.read())
                .element("Write", logging.write()).element("Delete", logging.delete());
        retention(xml, logging.retentionPolicy());
        xml.end("Logging");
        metrics(xml, "HourMetrics", properties.hourMetrics());
        metrics(xml, "MinuteMetrics", properties.minuteMetrics());
        List<CorsRule> rules = properties.cors().rules();
        if (rules.isEmpty()) {
            xml.empty("Cors");
        } else {
            xml.start("Cors");
            for (CorsRule rule : rules) {
                xml.start("CorsRule")
                        .element("AllowedMethods", String.join(",", rule.allowedMethods()))
                        .element("AllowedOrigins", String.join(",", rule.allowedOrigins()))
                        .element("AllowedHeaders", rule.allowedHeaders().text())
                        .element("ExposedHeaders", rule.exposedHeaders().text())
                        .element("MaxAgeInSeconds", rule.maxAgeInSeconds())
                        .end("CorsRule");
            }
            xml.end("Cors");
        }
        properties.deleteRetention().ifPresent(policy -> {
            xml.start("DeleteRetentionPolicy").element("Enabled", policy.enabled());
            if (policy.enabled()) {
                xml.element("Days", policy.days());
            }
            xml.end("DeleteRetentionPolicy");
        });
        return xml.end(ROOT).bytes();
    }

    private static LoggingSettings logging(XmlElement logging) {
        return new LoggingSettings(logging.child("Version").value(), logging.child("Read").booleanValue(),
                logging.child("Write").booleanValue(), logging.child("Delete").booleanValue(),
                retentionPolicy(logging.child("RetentionPolicy")));
    }

    private static MetricsSettings metrics(XmlElement metrics) {
        String version = metrics.child("Version").value();
        boolean enabled = metrics.child("Enabled").booleanValue();
        Optional<XmlElement> includeApis = metrics.optionalChild("IncludeAPIs");
        if (enabled && includeApis.isEmpty()) {
            throw InvalidXml.document(metrics.name() + " must contain IncludeAPIs when it is enabled.");
        }
        boolean apis = includeApis.isPresent() && includeApis.get().booleanValue();
        return new MetricsSettings(version, enabled, apis, retentionPolicy(metrics.child("RetentionPolicy")));
    }

    private static RetentionPolicy retentionPolicy(XmlElement policy) {
        boolean enabled = policy.child("Enabled").booleanValue();
        Optional<XmlElement> days = policy.optionalChild("Days");
        if (!enabled) {
            days.ifPresent(XmlElement::intValue); // still a number, though a disabled policy keeps none
            return RetentionPolicy.disabled();
        }
        return RetentionPolicy.forDays(days.orElseThrow(() -> InvalidXml.document(
                "RetentionPolicy must contain Days when it is enabled.")).intValue());
    }

    private static CorsRules cors(XmlElement cors) {
        List<XmlElement> rules = cors.children("CorsRule");
        if (rules.size() > CorsRules.MAX_RULES) {
            throw InvalidXml.document("At most " + CorsRules.MAX_RULES + " CORS rules may be set.");
        }
        return new CorsRules(rules.stream().map(ServicePropertiesXml::corsRule).toList());
    }

    /** Every element of a rule is required; the header lists may be empty. */
    private static CorsRule corsRule(XmlElement rule) {
        return CorsRule.parse(rule.child("AllowedOrigins").text(), rule.child("AllowedMethods").text(),
                rule.child("AllowedHeaders").text(), rule.child("ExposedHeaders").text(),
                rule.child("MaxAgeInSeconds").text());
    }

    private static void metrics(XmlWriter xml, String name, MetricsSettings metrics) {
        xml.start(name).element("Version", metrics.version()).element("Enabled", metrics.enabled());
        if (metrics.enabled()) {
            xml.element("IncludeAPIs", metrics.includeApis());
        }
        retention(xml, metrics.retentionPolicy());
        xml.end(name);
    }

    private static void retention(XmlWriter xml, RetentionPolicy policy) {
        xml.start("RetentionPolicy").element("Enabled", policy.enabled());
        if (policy.enabled()) {
            xml.element("Days", policy.days());
        }
        xml.end("RetentionPolicy");
    }
}
