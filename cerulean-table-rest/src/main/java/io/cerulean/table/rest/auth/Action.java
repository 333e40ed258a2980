package io.cerulean.table.rest.auth;

/**
 * What a request does, at the granularity a shared access signature grants: the account SAS
 * resource type it needs ({@code s} service, {@code c} container, i.e. table, {@code o} object,
 * i.e. entity) and the permission letters any one of which allows it. Entity operations are
 * authorized per entity as well ({@link EntityPermission}); their action only opens the door.
 */
public enum Action {
    GET_SERVICE_PROPERTIES('s', "r"),
    SET_SERVICE_PROPERTIES('s', "w"),
    GET_SERVICE_STATS('s', "r"),
    QUERY_TABLES('c', "l"),
    /** Docs for account SAS list c, w and a as granting Create Table. */
    CREATE_TABLE('c', "cwa"),
    DELETE_TABLE('c', "d"),
    /** Only the account key may read or change a table's ACL: no SAS, no bearer token. */
    GET_TABLE_ACL(' ', ""),
    SET_TABLE_ACL(' ', ""),
    /** Query, get, insert, update, merge, delete and batches of entities. */
    ENTITIES('o', "");

    private final char resourceType;
    private final String anyOfPermissions;

    Action(char resourceType, String anyOfPermissions) {
        this.resourceType = resourceType;
        this.anyOfPermissions = anyOfPermissions;
    }

    /** The account SAS {@code srt} letter this action needs; a space when no SAS may do it. */
    public char resourceType() {
        return resourceType;
    }

    /** Permission letters any one of which allows the action; empty when checked per entity. */
    public String anyOfPermissions() {
        return anyOfPermissions;
    }

    public boolean isAclOperation() {
        return this == GET_TABLE_ACL || this == SET_TABLE_ACL;
    }
}
