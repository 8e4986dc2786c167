import os from 'node:os';
import path from 'node:path';

// The nginx configuration of the local cluster: one loopback listener balancing over the
// platform instances. Written to be read by Debian's nginx with `-p <folder>`, so every
// file it writes (pid, logs, request bodies) stays in that folder.

export interface NginxSettings {
  /** The folder nginx runs in (its prefix). */
  folder: string;
  port: number;
  /** `127.0.0.1:port` of each platform instance. */
  upstreams: string[];
}

export function nginxConfig({ folder, port, upstreams }: NginxSettings): string {
  const at = (name: string) => path.join(folder, name);
  return `# Made by npm run cluster; rewritten at every start.
# As root, nginx's workers would otherwise run as nobody, who cannot write this folder.
user ${os.userInfo().username};
worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${at('temp/body')};
  proxy_temp_path ${at('temp/proxy')};
  fastcgi_temp_path ${at('temp/fastcgi')};
  uwsgi_temp_path ${at('temp/uwsgi')};
  scgi_temp_path ${at('temp/scgi')};
  # Letters carry their whole body (the platform takes up to 16 MB).
  client_max_body_size 16m;
  upstream letterdesk {
${upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://letterdesk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # An instance that is gone or stopping (503) passes the request to the next one;
      # nginx never resends a POST an instance has already received.
      proxy_next_upstream error timeout http_502 http_503;
      # AI answers stream.
      proxy_buffering off;
      proxy_read_timeout 300s;
    }
  }
}
`;
}
