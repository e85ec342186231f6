def load_config():
    return {}
