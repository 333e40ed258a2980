package io.cerulean.rest;

import io.cerulean.http.message.Refusals;
import java.util.Objects;

/**
 * How a request on the service's own URL becomes one of its operations, for the services whose URL
 * says it with {@code restype} and {@code comp} (Queue, Blob; contract 3): {@code comp=list} alone
 * lists the account's queues or containers; {@code restype=service} with {@code comp=properties} gets
 * or sets the service properties, with {@code comp=stats} gets the statistics. Values are compared
 * lower-cased by the caller. A method the operation does not take is 405 UnsupportedHttpVerb; any
 * other {@code restype} or {@code comp} is 400 InvalidQueryParameterValue.
 *
 * @param <O> the service's operations
 */
public record ServiceRoutes<O>(O list, O getProperties, O setProperties, O getStats) {
    public ServiceRoutes {
        Objects.requireNonNull(list, "list");
        Objects.requireNonNull(getProperties, "getProperties");
        Objects.requireNonNull(setProperties, "setProperties");
        Objects.requireNonNull(getStats, "getStats");
    }

    /** The operation {@code method} selects, {@code comp} and {@code restype} lower-cased (null: absent). */
    public O route(String method, String comp, String restype) {
        if ("list".equals(comp) && restype == null) {
            if (method.equals("GET")) {
                return list;
            }
            throw Refusals.unsupportedVerb(method);
        }
        if (!"service".equals(restype)) {
            throw Refusals.invalidQueryParameter("restype", restype);
        }
        if ("properties".equals(comp)) {
            return switch (method) {
                case "GET" -> getProperties;
                case "PUT" -> setProperties;
                default -> throw Refusals.unsupportedVerb(method);
            };
        }
        if ("stats".equals(comp)) {
            if (method.equals("GET")) {
                return getStats;
            }
            throw Refusals.unsupportedVerb(method);
        }
        throw Refusals.invalidQueryParameter("comp", comp);
    }
}
