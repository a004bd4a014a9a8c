/* A shared object that is not a plugin: no attackbench_plugin_entry. */
int not_a_plugin(void);

int not_a_plugin(void)
{
    return 1;
}
