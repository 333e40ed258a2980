package io.cerulean.rest.analytics;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where Storage Analytics puts what it writes, as the service names it: log blobs in the account's
 * {@code $logs} container, named {@code <service>/YYYY/MM/DD/hhmm/<nnnnnn>.log} (hhmm the hour,
 * minutes always 00; nnnnnn a sequence number within the hour), and metrics entities in the tables
 * {@code $MetricsHourPrimaryTransactions<Service>} and {@code $MetricsMinutePrimaryTransactions<Service>},
 * partitioned by their period's start ({@code 20261129T1200}, {@code 20261129T1201}) and keyed
 * {@code user;All} for the whole service and {@code user;<Operation>} for each API, and the Blob
 * service's daily capacity in {@code $MetricsCapacityBlob} (rows {@code data} and {@code analytics}).
 */
public final class AnalyticsNames {
    /** The container log blobs are written to. */
    public static final String LOGS_CONTAINER = "$logs";
    /** The row of a period's totals over every API. */
    public static final String ALL_ROW = "user;All";
    /** The Blob service's daily capacity: one partition a day ({@code 20261129T0000}). */
    public static final String CAPACITY_TABLE = "$MetricsCapacityBlob";
    /** The capacity row of the account's own blobs, every container but {@code $logs}. */
    public static final String CAPACITY_DATA_ROW = "data";
    /** The capacity row of the {@code $logs} container. */
    public static final String CAPACITY_ANALYTICS_ROW = "analytics";
    private static final String METRICS_PREFIX = "$Metrics";
    private static final DateTimeFormatter LOG_HOUR = DateTimeFormatter.ofPattern("yyyy/MM/dd/HH'00'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter PERIOD = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmm", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    private static final Pattern LOG_NAME = Pattern.compile("(blob|table|queue)/(\\d{4}/\\d{2}/\\d{2}/\\d{2})00/\\d{6}\\.log");

    private AnalyticsNames() {
    }

    /** The name of the {@code sequence}th log blob of {@code service} for the hour that holds {@code time}. */
    public static String logBlob(AnalyticsService service, Instant time, int sequence) {
        if (sequence < 0 || sequence > 999_999) {
            throw new IllegalArgumentException("a log blob's sequence number has six digits: " + sequence);
        }
        return service.logName() + "/" + LOG_HOUR.format(time) + "/" + String.format(Locale.ROOT, "%06d", sequence)
                + ".log";
    }

    /** The hour a log blob's name says its lines are from; empty for a name Storage Analytics does not write. */
    public static Optional<Instant> logBlobHour(String name) {
        Matcher matcher = LOG_NAME.matcher(name);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDateTime.parse(matcher.group(2) + ":00",
                    DateTimeFormatter.ofPattern("yyyy/MM/dd/HH:mm", Locale.ROOT)).toInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    public static String hourTable(AnalyticsService service) {
        return METRICS_PREFIX + "HourPrimaryTransactions" + service.tableSuffix();
    }

    public static String minuteTable(AnalyticsService service) {
        return METRICS_PREFIX + "MinutePrimaryTransactions" + service.tableSuffix();
    }

    /** Whether a table is Storage Analytics' own: listed by no Query Tables, written by no client. */
    public static boolean isMetricsTable(String name) {
        return name.regionMatches(true, 0, METRICS_PREFIX, 0, METRICS_PREFIX.length());
    }

    /** The hour that holds {@code time}, as an hour metrics entity's PartitionKey: {@code 20261129T1200}. */
    public static String hourPartition(Instant time) {
        return PERIOD.format(time.truncatedTo(ChronoUnit.HOURS));
    }

    /** The day that holds {@code time}, as a capacity entity's PartitionKey: {@code 20261129T0000}. */
    public static String dayPartition(Instant time) {
        return PERIOD.format(time.truncatedTo(ChronoUnit.DAYS));
    }

    /** The minute that holds {@code time}, as a minute metrics entity's PartitionKey: {@code 20261129T1201}. */
    public static String minutePartition(Instant time) {
        return PERIOD.format(time.truncatedTo(ChronoUnit.MINUTES));
    }

    /** When the period a metrics PartitionKey names begins; empty for a key of another shape. */
    public static Optional<Instant> periodStart(String partitionKey) {
        try {
            return Optional.of(LocalDateTime.parse(partitionKey, DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmm",
                    Locale.ROOT)).toInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** The row of one API's counts: {@code user;GetBlob}. */
    public static String apiRow(String operation) {
        return "user;" + operation;
    }
}
