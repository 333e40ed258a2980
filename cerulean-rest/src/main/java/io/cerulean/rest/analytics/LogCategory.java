package io.cerulean.rest.analytics;

import io.cerulean.http.properties.LoggingSettings;
import io.cerulean.http.requestlog.RequestFacts;

/**
 * The three kinds of request a service's {@code Logging} settings turn on one by one, and a log blob's
 * {@code LogType} metadata lists: reads, writes (anything that changes data and is no delete) and
 * deletes (Delete Blob, Delete Entity, Delete Message, Clear Messages, ...).
 */
public enum LogCategory {
    READ("read"), WRITE("write"), DELETE("delete");

    private final String metadataName;

    LogCategory(String metadataName) {
        this.metadataName = metadataName;
    }

    /** How {@code LogType} metadata names it. */
    public String metadataName() {
        return metadataName;
    }

    public static LogCategory of(RequestFacts facts) {
        if (facts.read()) {
            return READ;
        }
        String operation = facts.operation();
        return operation.startsWith("Delete") || operation.equals("ClearMessages") ? DELETE : WRITE;
    }

    /** Whether {@code settings} log requests of this kind. */
    public boolean loggedBy(LoggingSettings settings) {
        return switch (this) {
            case READ -> settings.read();
            case WRITE -> settings.write();
            case DELETE -> settings.delete();
        };
    }
}
