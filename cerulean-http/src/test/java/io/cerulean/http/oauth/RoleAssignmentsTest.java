package io.cerulean.http.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoleAssignmentsTest {
    private static final String USER = "11059fcc-5514-4800-b5f8-49808b9cfab6";
    private static final String APP = "3f4b8e1a-0000-4000-8000-000000000001";

    @Test
    void theLineFormAssignsRolesByPrincipalId() {
        RoleAssignments roles = RoleAssignments.parse("""
                # who may do what
                11059FCC-5514-4800-B5F8-49808B9CFAB6   Storage Table Data Contributor

                3f4b8e1a-0000-4000-8000-000000000001 storage table data   reader
                3f4b8e1a-0000-4000-8000-000000000001 Storage Queue Data Reader
                """);

        assertThat(roles.rolesOf(List.of(USER))).containsExactly(DataRole.STORAGE_TABLE_DATA_CONTRIBUTOR);
        assertThat(roles.rolesOf(List.of("unknown", APP)))
                .containsExactlyInAnyOrder(DataRole.STORAGE_TABLE_DATA_READER, DataRole.STORAGE_QUEUE_DATA_READER);
        assertThat(roles.rolesOf(List.of("unknown"))).isEmpty();
    }

    @Test
    void theJsonFormSaysTheSame() {
        RoleAssignments roles = RoleAssignments.parse("{\"" + USER + "\": [\"Storage Table Data Contributor\"], \""
                + APP + "\": \"Storage Table Data Reader\"}");

        assertThat(roles.rolesOf(List.of(USER))).containsExactly(DataRole.STORAGE_TABLE_DATA_CONTRIBUTOR);
        assertThat(roles.rolesOf(List.of(APP))).containsExactly(DataRole.STORAGE_TABLE_DATA_READER);
    }

    @Test
    void mistakesAreNamedWithTheirLine() {
        assertThatThrownBy(() -> RoleAssignments.parse("# roles\n" + USER + " Storage Table Data Owner\n"))
                .hasMessageContaining("line 2").hasMessageContaining("'Storage Table Data Owner' is not a data role")
                .hasMessageContaining("Storage Table Data Reader");
        assertThatThrownBy(() -> RoleAssignments.parse(USER + "\n")).hasMessageContaining("line 1 has a principal id but no role");
        assertThatThrownBy(() -> RoleAssignments.parse("{\"" + USER + "\": 3}")).hasMessageContaining("role name");
        assertThatThrownBy(() -> RoleAssignments.parse("{\"" + USER + "\": ")).hasMessageContaining("not valid JSON");
    }
}
