/* The other engine file needs_other_file.c uses: a table filled in a
 * constructor, when dlopen maps the plugin, before any init is timed. */
int engine_distance[64][64];

__attribute__((constructor)) static void fill_distances(void)
{
    for (int from = 0; from < 64; from++)
        for (int to = 0; to < 64; to++) {
            int files = from % 8 - to % 8, ranks = from / 8 - to / 8;
            files = files < 0 ? -files : files;
            ranks = ranks < 0 ? -ranks : ranks;
            engine_distance[from][to] = files > ranks ? files : ranks;
        }
}
