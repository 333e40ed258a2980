package io.cerulean.examples.indextable;

import com.azure.data.tables.models.TableEntity;
import java.util.Arrays;
import java.util.List;

/**
 * A movie as the application knows one: stored in its genre's partition of the Movies table under
 * {@code movie_<title>}. Titles and actors' names are keys here, so they hold none of
 * {@code / \ # ?}.
 */
public record Movie(String genre, String title, int year, String director, List<String> starring, String synopsis) {
    public Movie {
        starring = List.copyOf(starring);
    }

    /** The RowKey of a movie in its genre's partition. */
    static String rowKey(String title) {
        return "movie_" + title;
    }

    /** The RowKey of a movie in an actor's partition of an index table: by year, then title. */
    static String indexRowKey(int year, String title) {
        return String.format("%04d_%s", year, title);
    }

    TableEntity entity(String partitionKey, String rowKey) {
        return new TableEntity(partitionKey, rowKey).addProperty("Genre", genre).addProperty("Title", title)
                .addProperty("Year", year).addProperty("Director", director)
                .addProperty("Starring", String.join(";", starring)).addProperty("Synopsis", synopsis);
    }

    static Movie of(TableEntity entity) {
        return new Movie((String) entity.getProperty("Genre"), (String) entity.getProperty("Title"),
                (Integer) entity.getProperty("Year"), (String) entity.getProperty("Director"),
                starring(entity), (String) entity.getProperty("Synopsis"));
    }

    static List<String> starring(TableEntity entity) {
        String names = (String) entity.getProperty("Starring");
        return names == null || names.isEmpty() ? List.of() : Arrays.asList(names.split(";"));
    }
}
