package io.cerulean.table.rest.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.oauth.DataRole;
import io.cerulean.table.txn.OperationKind;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a bearer token's Table data role allows: a Contributor writes, a Reader reads, no role nothing. */
class DataRoleGrantTest {
    private static AccessGrant grant(DataRole... roles) {
        return TableAuthentication.GRANTS.bearerToken(roles.length == 0 ? Set.of() : EnumSet.of(roles[0], roles));
    }

    private static ServiceException refusal(Runnable call) {
        ServiceException e = catchThrowableOfType(ServiceException.class, call::run);
        assertThat(e).as("refused").isNotNull();
        return e;
    }

    @Test
    void aContributorMayDoAllButTheAcl() {
        AccessGrant contributor = grant(DataRole.STORAGE_TABLE_DATA_READER, DataRole.STORAGE_TABLE_DATA_CONTRIBUTOR);

        assertThat(contributor).isEqualTo(FullAccess.BEARER_TOKEN);
        contributor.authorize(Action.CREATE_TABLE, "t");
        contributor.authorizeEntity("t", EntityPermission.forWrite(OperationKind.INSERT_OR_MERGE), "p", "r");
    }

    @Test
    void aReaderReadsAndListsButWritesNothing() {
        AccessGrant reader = grant(DataRole.STORAGE_TABLE_DATA_READER);

        reader.authorize(Action.QUERY_TABLES, null);
        reader.authorize(Action.GET_SERVICE_PROPERTIES, null);
        reader.authorize(Action.ENTITIES, "t");
        reader.authorizeEntity("t", Set.of(EntityPermission.READ), "p", "r");
        assertThat(reader.visibleRange("t")).isEmpty();
        for (Action write : new Action[] {Action.CREATE_TABLE, Action.DELETE_TABLE, Action.SET_SERVICE_PROPERTIES}) {
            assertThat(refusal(() -> reader.authorize(write, "t")).errorCode())
                    .isEqualTo(CommonError.AUTHORIZATION_PERMISSION_MISMATCH);
        }
        for (OperationKind kind : OperationKind.values()) {
            ServiceException e = refusal(() -> reader.authorizeEntity("t", EntityPermission.forWrite(kind), "p", "r"));
            assertThat(e.errorCode()).isEqualTo(CommonError.AUTHORIZATION_PERMISSION_MISMATCH);
            assertThat(e.getMessage()).contains("Storage Table Data Reader, which only reads");
        }
        assertThat(refusal(() -> reader.authorize(Action.GET_TABLE_ACL, "t")).errorCode())
                .isEqualTo(CommonError.AUTHORIZATION_FAILURE);
    }

    @Test
    void withoutATableRoleNothingIsAllowed() {
        AccessGrant none = grant(DataRole.STORAGE_BLOB_DATA_OWNER);

        assertThat(none).isEqualTo(DataRoleGrant.NO_ROLE);
        assertThat(refusal(() -> none.authorize(Action.QUERY_TABLES, null)).errorCode())
                .isEqualTo(CommonError.AUTHORIZATION_PERMISSION_MISMATCH);
        assertThat(refusal(() -> none.visibleRange("t")).getMessage()).contains("no data role for the Table service");
    }
}
